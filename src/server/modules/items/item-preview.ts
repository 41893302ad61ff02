import type { PublicItem } from '../../../common/schemas/item.ts';
import { itemDetailRows } from '../../../common/item-details.ts';
import { escapeHtml } from '../../lib/html.ts';

/** The id of the server-drawn preview; src/web/lib/server-preview.ts removes it. */
export const PREVIEW_ID = 'yardkeep-server-preview';

/**
 * The item page as plain HTML, drawn by the server so a phone shows the scanned item as soon
 * as the HTML and the stylesheet arrive, before the app's code has downloaded and run
 * (docs/decisions.md, "Fast on a phone"). It shows what the item page's first screen shows
 * (heading, the details table, notes) from the same API answer the page inlines for this
 * visitor, so it can show no more than the app would. The app draws its own page and
 * removes this one in the same frame.
 *
 * It is a picture of the page, not the page: `inert` (nothing in it can be clicked or
 * focused) and hidden from assistive technology, which meet the app's live page instead
 * a moment later. Every value is escaped; there is no script and no inline style (the
 * classes are in src/web/app/server-preview.css).
 */
export function renderItemPreview(
  item: PublicItem & { last_scanned_by_email?: string | null },
): string {
  // The same rows as the app's table (src/web/features/items/components/ItemDetails.tsx).
  const table = itemDetailRows(item)
    .map(
      ([label, value]) =>
        `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return (
    `<div id="${PREVIEW_ID}" class="yk-preview" inert aria-hidden="true">` +
    `<div class="yk-preview-header"><img src="/logo.svg" alt=""></div>` +
    `<div class="yk-preview-main">` +
    `<h1>${escapeHtml(item.name?.trim() || 'Item')}</h1>` +
    `<table class="yk-details"><tbody>${table}</tbody></table>` +
    `<section><h2>Notes</h2><p>${escapeHtml(item.note?.trim() || '...')}</p></section>` +
    `</div></div>`
  );
}
