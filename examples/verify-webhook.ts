// A webhook receiver that verifies Yardkeep's Standard Webhooks signatures, standalone
// (Node's own modules only): run it, register http://<this host>:4000/yardkeep as an
// endpoint (WEBHOOK_ALLOW_PRIVATE=true when both run on one machine), and give it the
// endpoint's secret.
//
//   YARDKEEP_WEBHOOK_SECRET=whsec_… npx tsx examples/verify-webhook.ts [port]
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

const secret = process.env.YARDKEEP_WEBHOOK_SECRET;
if (!secret?.startsWith('whsec_')) {
  console.error('Set YARDKEEP_WEBHOOK_SECRET to the endpoint secret (whsec_…).');
  process.exit(2);
}
const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
/** Older (or newer) than this is refused: a replayed request. */
const TOLERANCE_S = 5 * 60;
/** Ids already handled: at-least-once delivery may send an event again. */
const seen = new Set<string>();

export function verify(headers: http.IncomingHttpHeaders, body: string): boolean {
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

http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verify(req.headers, body)) {
        res.writeHead(401).end('bad signature');
        return;
      }
      const id = String(req.headers['webhook-id']);
      if (!seen.has(id)) {
        seen.add(id);
        const event = JSON.parse(body) as { type: string; data: unknown };
        console.log(id, event.type, JSON.stringify(event.data));
      }
      res.writeHead(204).end();
    });
  })
  .listen(Number(process.argv[2] ?? 4000), () => console.log('Waiting for Yardkeep events'));
