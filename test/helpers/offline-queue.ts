import type { Page } from 'playwright-core';

// The phone's offline scan queue (IndexedDB 'yardkeep-offline'), read and written from a test.

/** The page's offline queue, read straight from IndexedDB. */
export const queueOf = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('yardkeep-offline', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('scans').objectStore('scans').getAll();
          req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
          req.onerror = () => reject(req.error);
        };
      }),
  );

/** Puts scans back into the page's queue, as a phone restored from a backup might. */
export const putBack = (page: Page, scans: Record<string, unknown>[]) =>
  page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('yardkeep-offline', 1);
        open.onsuccess = () => {
          const tx = open.result.transaction('scans', 'readwrite');
          for (const row of rows) tx.objectStore('scans').put(row);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    scans,
  );

/** A packing scan that waits on the phone, as the queue stores it (for `putBack`). */
export function queuedPackingScan(
  userId: string,
  manifest: { id: string; name: string },
  item: { id: string; name: string },
): Record<string, unknown> {
  const id = crypto.randomUUID();
  return {
    id,
    key: id,
    user_id: userId,
    mode: 'packing',
    manifest_id: manifest.id,
    manifest_name: manifest.name,
    target: { kind: 'item', id: item.id },
    subject: item.name,
    scanned_at: new Date().toISOString(),
    item: null,
    move_confirmed_from: null,
    state: 'queued',
    problem: null,
  };
}
