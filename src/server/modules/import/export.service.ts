import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify';
import { formatLabelCode } from '../../../common/label-code.ts';
import { IMPORT_FIELDS } from '../../../common/schemas/import.ts';
import type { ItemListQuery } from '../../../common/schemas/item.ts';
import type { CurrentUser } from '../../../common/schemas/member.ts';
import { planSearch } from '../../../common/search.ts';
import type { Item } from '../../../common/schemas/item.ts';
import { itemBatches, searchItems } from '../items/item-list.repo.ts';
import { scopeOf } from '../catalog/scope.ts';
import { printingRepo } from '../printing/printing.repo.ts';
import { neutraliseFormula } from './csv-formulas.ts';

const PAGE = 1000;

/**
 * GET /inventory/export.csv: the visible items (client users: their client's), filtered
 * like the home list, with the import's column names, so export → edit → import is a
 * round trip. UTF-8 with a BOM, which is how Excel recognises UTF-8; written a page at a
 * time as it streams out. Items' text is anyone's (client users export too): no cell may
 * start a formula or a row (docs/decisions.md, Security).
 */
export function exportItems(
  app: FastifyInstance,
  user: CurrentUser,
  query: Pick<ItemListQuery, 'q' | 'status'>,
): Readable {
  const plan = planSearch(query.q ?? '');
  const filters = { scope: scopeOf(user), statuses: query.status };
  // Without a search: the name-sorted keyset walk. With one: ranked pages, as on screen.
  async function* pages(): AsyncGenerator<Item[]> {
    if (!plan) {
      yield* itemBatches(app.db, filters, PAGE);
      return;
    }
    for (let offset = 0; ; offset += PAGE) {
      const { items } = await searchItems(app.db, app.dialect, {
        filters,
        plan,
        limit: PAGE,
        offset,
      });
      if (items.length > 0) yield items;
      if (items.length < PAGE) return;
    }
  }
  async function* records() {
    yield [...IMPORT_FIELDS];
    for await (const items of pages()) {
      const labels = await printingRepo.allLabels(
        app.db,
        items.map((i) => i.id),
      );
      // A container is written as its label code when it has one: names can repeat.
      const containerIds = [
        ...new Set(items.map((i) => i.container_id).filter((id) => id !== null)),
      ];
      const containerLabels = await printingRepo.latestLabels(app.db, containerIds);
      const containerOf = (item: Item) => {
        if (!item.container_id) return '';
        const code = containerLabels.get(item.container_id);
        return code ? formatLabelCode(code) : (item.container_name ?? item.container_id);
      };
      for (const item of items) {
        const row: Record<(typeof IMPORT_FIELDS)[number], string> = {
          id: item.id,
          name: item.name ?? '',
          type: item.status ?? '',
          client: item.client_name ?? '',
          location: item.location_name ?? '',
          container: containerOf(item),
          component: item.component_name ?? '',
          manifest: item.manifest_name ?? '',
          label: (labels.get(item.id) ?? []).map(formatLabelCode).join(' '),
          note: item.note ?? '',
        };
        yield IMPORT_FIELDS.map((f) => neutraliseFormula(row[f]));
      }
    }
  }
  return Readable.from(records()).pipe(
    stringify({
      bom: true,
      record_delimiter: 'windows',
      // Separators and quotes are quoted anyway; a bare CR or LF must be too, or a reader
      // starts a new row there (a note's second line became a row of its own).
      quoted_match: /[\r\n]/,
    }),
  );
}

export const exportFileName = () => `yardkeep-items-${new Date().toISOString().slice(0, 10)}.csv`;
