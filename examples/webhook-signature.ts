// Verifying a Standard Webhooks signature as Yardkeep sends it (webhook-id, webhook-timestamp,
// webhook-signature: "v1,<base64 HMAC-SHA256 of id.timestamp.body>" keyed by the base64 part
// of the endpoint's whsec_ secret). Node's own modules only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Older (or newer) than this is refused: a replayed request. */
const TOLERANCE_S = 5 * 60;

export function verifySignature(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
): boolean {
  if (!secret.startsWith('whsec_')) return false;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_S) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const offered = Buffer.from(signature, 'base64');
    return offered.length === expected.length && timingSafeEqual(offered, expected);
  });
}
