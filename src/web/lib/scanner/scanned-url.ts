/**
 * What a scanned code means to the app. A code must point at the app's own origin:
 * PUBLIC_URL (what labels are printed with) or the origin the page was opened from.
 * Anything else is "Not a {product} URL".
 */
export type ScannedCode =
  | {
      ok: true;
      text: string;
      url: URL;
      /** path + search + hash, ready for navigate() */ path: string;
    }
  | { ok: false; text: string };

export function readScannedCode(
  text: string,
  origins: { pageOrigin: string; publicUrl?: string | null },
): ScannedCode {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, text };
  }
  const own = new Set([origins.pageOrigin]);
  if (origins.publicUrl) {
    try {
      own.add(new URL(origins.publicUrl).origin);
    } catch {
      // A misconfigured PUBLIC_URL only loses its own origin, not the page's.
    }
  }
  if (!own.has(url.origin)) return { ok: false, text };
  return { ok: true, text, url, path: `${url.pathname}${url.search}${url.hash}` };
}

/** The spec's message for a code of another origin. */
export function notOurUrlMessage(productName: string): string {
  return `Not a ${productName} URL`;
}

/**
 * The label id in a scanned text: its last path segment (spec "Scanner modal"), so a
 * full scan link and a bare code both work. Query and hash are not part of it.
 */
export function lastPathSegment(text: string): string {
  let path = text.trim();
  try {
    path = new URL(path).pathname;
  } catch {
    path = path.split(/[?#]/)[0] ?? '';
  }
  const segments = path.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1] ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
