import type { FastifyInstance } from 'fastify';
import { formatLabelCode } from '../../../common/label-code.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { manifestComponents, manifestItems } from '../items/allocation.service.ts';
import { getManifest } from '../manifests/manifests.service.ts';
import { listRequirements } from '../manifests/requirements.service.ts';
import { printingRepo } from './printing.repo.ts';
import type { PackingGroup } from './packing-sheet.pdf.ts';
import type { PdfMaker } from './pdf-workers.ts';

/** The link printed as the manifest's QR: it opens the manifest in packing mode. */
export const packingLink = (publicUrl: string, manifestId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/manifests/${encodeURIComponent(manifestId)}?pack=1`;

/**
 * A packing list to print (docs/decisions.md#printing): what is required and packed per
 * component type, then the allocated items grouped by their location, each with a tick
 * box and its label codes as text. Client users get their own client's manifests only,
 * as on screen.
 */
export async function packingSheet(
  app: FastifyInstance,
  pdfs: PdfMaker,
  user: CurrentUser,
  manifestId: string,
): Promise<{ pdf: Buffer; name: string }> {
  const manifest = await getManifest(app, manifestId, user);
  const [requirements, packed, items] = await Promise.all([
    listRequirements(app, manifestId, user),
    manifestComponents(app, manifestId, user),
    manifestItems(app, manifestId, user),
  ]);
  const labels = await printingRepo.allLabels(
    app.db,
    items.map((i) => i.id),
  );
  const packedBy = new Map(packed.map((p) => [p.component_id, p.count]));
  const rows = requirements.map((r) => ({
    component: r.component_name,
    required: r.count,
    packed: packedBy.get(r.component_id) ?? 0,
  }));
  // Components packed without being required still show, with 0 required.
  for (const p of packed) {
    if (!requirements.some((r) => r.component_id === p.component_id)) {
      rows.push({ component: p.component_name, required: 0, packed: p.count });
    }
  }

  const groups = new Map<string, PackingGroup>();
  for (const item of items) {
    const key = item.location_name ?? '';
    const group = groups.get(key) ?? { location: item.location_name, items: [] };
    group.items.push({
      name: item.name ?? '(no name)',
      // The plain type: the screen's emoji have no glyph in the print fonts.
      type: item.status ?? '',
      component: item.component_name,
      codes: (labels.get(item.id) ?? []).map(formatLabelCode),
    });
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) =>
    a.location === null ? 1 : b.location === null ? -1 : a.location.localeCompare(b.location),
  );

  const pdf = await pdfs.packingSheet({
    title: manifest.name,
    client: manifest.client_name ?? null,
    status: manifest.status ?? null,
    note: manifest.note ?? null,
    link: packingLink(app.config.publicUrl, manifest.id),
    requirements: rows,
    groups: sorted,
    printedAt: new Date(),
  });
  return { pdf, name: `packing-${manifest.name}.pdf` };
}
