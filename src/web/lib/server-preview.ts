/** Set by the server on the item page (src/server/modules/items/item-preview.ts). */
const PREVIEW_ID = 'yardkeep-server-preview';

/**
 * Removes the page the server drew before the app's code ran. Called from a layout effect
 * once the app has drawn its first page, so the two are never both on screen and never
 * neither (docs/decisions.md, "Fast on a phone").
 */
export function removeServerPreview(): void {
  document.getElementById(PREVIEW_ID)?.remove();
}
