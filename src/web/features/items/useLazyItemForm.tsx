import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { Item, PublicItem } from '../../../common/schemas/item.ts';

const ItemFormRunner = lazy(() => import('./ItemFormRunner.tsx'));

interface Request {
  item: PublicItem | undefined;
  resolve(saved: Item | undefined): void;
  reject(err: unknown): void;
}

/**
 * useItemForm, loaded on first use: the form, its dropdowns and their create links are
 * ~20 KB gzip that a phone opening a scanned label does not need (docs/decisions.md, "Fast
 * on a phone"). `host` must be rendered; it mounts the form's code while a form is open.
 */
export function useLazyItemForm(): {
  open(item?: PublicItem): Promise<Item | undefined>;
  host: ReactNode;
} {
  const [request, setRequest] = useState<Request | null>(null);
  const open = useCallback(
    (item?: PublicItem) =>
      new Promise<Item | undefined>((resolve, reject) => {
        const done = () => setRequest(null);
        setRequest({
          item,
          resolve: (saved) => {
            done();
            resolve(saved);
          },
          reject: (err) => {
            done();
            reject(err);
          },
        });
      }),
    [],
  );
  const host = request ? (
    <Suspense fallback={null}>
      <ItemFormRunner request={request} />
    </Suspense>
  ) : null;
  return { open, host };
}

export type { Request as ItemFormRequest };
