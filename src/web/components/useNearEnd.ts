import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` when the returned sentinel element (put it after the last row) comes
 * within `distance` px of the bottom of `root` (a scrolling element), or of the window
 * when root is null. It calls again whenever the sentinel re-enters that band, so a
 * page that does not fill the screen keeps loading until `enabled` turns false.
 */
export function useNearEnd<T extends HTMLElement>(options: {
  onNear: () => void;
  enabled: boolean;
  distance: number;
  root?: HTMLElement | null;
}) {
  const sentinel = useRef<T>(null);
  const onNear = useRef(options.onNear);
  useEffect(() => {
    onNear.current = options.onNear;
  });
  const { enabled, distance, root } = options;
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onNear.current();
      },
      { root: root ?? null, rootMargin: `0px 0px ${distance}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, distance, root]);
  return sentinel;
}
