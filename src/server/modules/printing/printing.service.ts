import type { FastifyInstance } from 'fastify';
import { can, type Role } from '../../../common/permissions.ts';
import {
  findPreset,
  LABEL_PRESETS,
  labelsPerPage,
  type LabelPreset,
} from '../../../common/label-presets.ts';
import { scanLink } from '../../../common/label-code.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import type { PresetInfo, PrintInput } from '../../../common/schemas/printing.ts';
import { PRINT_MAX_LABELS } from '../../../common/schemas/printing.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { generateLabelCode, generateLabelCodes } from '../../lib/label-codes.ts';
import { labelActivity } from '../activity/activity.repo.ts';
import type { LabelContent } from './label-pdf.ts';
import { labelGeometry, symbolWidth } from './label-layout.ts';
import { itemChangesRepo } from '../items/item-changes.repo.ts';
import { labelsRepo } from '../labels/labels.repo.ts';
import { rowExists } from '../catalog/named.repo.ts';
import { printingRepo } from './printing.repo.ts';
import type { PdfMaker } from './pdf-workers.ts';

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

function presetInfo(
  app: FastifyInstance,
  preset: LabelPreset,
  offset?: { x: number; y: number },
): PresetInfo {
  // Every code has the same length, so any code gives the QR version of this server's links.
  const g = labelGeometry(preset, scanLink(app.config.publicUrl, 'X'.repeat(12)));
  return {
    id: preset.id,
    name: preset.name,
    kind: preset.kind,
    page_mm: preset.page,
    label_mm: preset.label,
    per_page: labelsPerPage(preset),
    qr_mm: round(symbolWidth(g), 1),
    module_mm: round(g.module),
    qr_level: preset.qrLevel,
    offset_mm: offset ?? { x: 0, y: 0 },
  };
}

export async function listPresets(app: FastifyInstance): Promise<PresetInfo[]> {
  const offsets = await printingRepo.offsets(app.db);
  return LABEL_PRESETS.map((p) => presetInfo(app, p, offsets.get(p.id)));
}

export async function saveOffset(
  app: FastifyInstance,
  presetId: string,
  offset: { x: number; y: number },
  user: CurrentUser,
): Promise<PresetInfo> {
  const preset = findPreset(presetId);
  if (!preset) throw notFound('Preset');
  await printingRepo.saveOffset(app.db, presetId, offset, user.id, nowIso());
  return presetInfo(app, preset, offset);
}

/**
 * The PDF for one print request. Labels for items are for staff (client users may print
 * blank codes, like the sample-labels page, but not attach labels): items without a
 * label get a fresh code attached in one transaction, with a LABEL CREATE entry each, before
 * anything is drawn, so a printed label always resolves to its item.
 */
export async function printLabels(
  app: FastifyInstance,
  pdfs: PdfMaker,
  user: CurrentUser,
  role: Role,
  input: PrintInput,
): Promise<{ pdf: Buffer; preset: LabelPreset }> {
  const preset = findPreset(input.preset)!;
  const perPage = labelsPerPage(preset);
  const skip = input.skip ?? 0;
  if (skip > 0 && skip >= perPage) {
    throw badRequest(
      `skip must be less than the ${perPage} labels of one ${preset.kind === 'sheet' ? 'sheet' : 'page'}.`,
    );
  }
  const offset = input.offset_mm ??
    (await printingRepo.offsets(app.db)).get(preset.id) ?? { x: 0, y: 0 };

  let labels: LabelContent[];
  if (input.codes) labels = input.codes.map((code) => ({ code }));
  else if (input.count) labels = generateLabelCodes(input.count).map((code) => ({ code }));
  else {
    if (!can(role, 'inventory:write')) throw forbidden();
    labels = await labelsForItems(app, user, input, input.details ?? true);
  }
  const pdf = await pdfs.labels({
    preset,
    labels,
    publicUrl: app.config.publicUrl,
    skip,
    offset,
    title: `Labels (${preset.name})`,
  });
  return { pdf, preset };
}

async function labelsForItems(
  app: FastifyInstance,
  user: CurrentUser,
  input: PrintInput,
  details: boolean,
): Promise<LabelContent[]> {
  return app.db.transaction().execute(async (trx) => {
    let ids: string[];
    if (input.item_ids) ids = [...new Set(input.item_ids)];
    else if (input.manifest_id) {
      if (!(await rowExists(trx, 'manifests', input.manifest_id))) throw notFound('Manifest');
      ids = await printingRepo.manifestItemIds(trx, input.manifest_id);
    } else if (input.container_id) {
      if ((await printingRepo.items(trx, [input.container_id])).length === 0)
        throw notFound('Container');
      ids = await printingRepo.containerItemIds(trx, input.container_id);
    } else {
      // The first 5,000 by name: after a big import, printing again gives the next ones.
      ids = await printingRepo.idsWithoutLabel(trx, PRINT_MAX_LABELS);
    }
    if (ids.length === 0) throw badRequest('There are no items to print labels for.');
    if (ids.length > PRINT_MAX_LABELS) {
      throw badRequest(
        `At most ${PRINT_MAX_LABELS.toLocaleString('en')} labels can be printed at once.`,
      );
    }
    const rows = new Map((await printingRepo.items(trx, ids)).map((r) => [r.id, r]));
    const missing = ids.filter((id) => !rows.has(id));
    if (missing.length) throw notFound(missing.length === 1 ? 'Item' : `${missing.length} items`);

    const codes = await printingRepo.latestLabels(trx, ids);
    const now = nowIso();
    const attached: string[] = [];
    // Drawn together: one call to the random source for all of them (see generateLabelCodes).
    const fresh = generateLabelCodes(ids.length - codes.size);
    for (const id of ids) {
      if (codes.has(id)) continue;
      let code = fresh.pop()!;
      // False only on a one-in-10^18 collision with an existing code: draw again.
      while (!(await labelsRepo.insert(trx, { id: code, item_id: id, now }))) {
        code = generateLabelCode();
      }
      codes.set(id, code);
      attached.push(id);
      await labelActivity(trx, user, code, rows.get(id)!, 'CREATE');
    }
    await itemChangesRepo.touch(trx, attached, now);
    return ids.map((id) => {
      const row = rows.get(id)!;
      const place = [row.client_name, row.location_name].filter(Boolean).join(' · ');
      return { code: codes.get(id)!, name: row.name, details: details ? place : null };
    });
  });
}
