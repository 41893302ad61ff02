import { useEffect, useRef } from 'react';
import type { ItemFormRequest } from './useLazyItemForm.tsx';
import { useItemForm } from './useItemForm.ts';

/** Opens the item form once for a request, and stays mounted until it is answered. */
export default function ItemFormRunner({ request }: { request: ItemFormRequest }) {
  const openItemForm = useItemForm();
  const started = useRef<ItemFormRequest | null>(null);
  useEffect(() => {
    // Once per request, also when React runs effects twice in development.
    if (started.current === request) return;
    started.current = request;
    openItemForm(request.item).then(request.resolve, request.reject);
  }, [openItemForm, request]);
  return null;
}
