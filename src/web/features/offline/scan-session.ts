import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a scan session (packing mode, the header scanner) is open: the update prompt
 * waits until it is over, so a new version never interrupts a packer mid-manifest.
 */
let open = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function useScanSession(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    open++;
    emit();
    return () => {
      open--;
      emit();
    };
  }, [active]);
}

export function useScanSessionOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open > 0,
    () => false,
  );
}
