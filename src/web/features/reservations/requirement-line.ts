/** What the manifest page shows of one requirement for the job's window. */
export interface RequirementAvailabilityLike {
  required: number;
  /** Held by this job already (by name or packed). */
  fulfilled: number;
  /** More of the type free for the window. */
  available: number;
  short: number;
}

/**
 * "5 required · 3 available · short 2". Available counts what this job holds already with
 * what is still free, so required − available is what it is short of; " · short n" only
 * when it is. A negative count from the server (already overbooked) reads as none.
 */
export function requirementLine(r: RequirementAvailabilityLike): string {
  const available = Math.max(0, r.fulfilled + Math.max(0, r.available));
  const line = `${r.required} required · ${available} available`;
  return r.short > 0 ? `${line} · short ${r.short}` : line;
}
