import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long loops on the request thread (planning a 50,000-row import) let other requests in
 * between: `await slices.pause()` in the loop yields to the event loop once `sliceMs` has
 * passed since the last pause, and is a plain resolved promise otherwise. Issue 25: a dry
 * run of the largest file the import takes held every request for a second. Inside a
 * SQLite transaction the others still wait for its one connection, but nothing worse.
 */
export function timeSlices(sliceMs = 20) {
  let since = performance.now();
  return {
    async pause(): Promise<void> {
      if (performance.now() - since < sliceMs) return;
      await nextTurn();
      since = performance.now();
    },
  };
}

export type TimeSlices = ReturnType<typeof timeSlices>;
