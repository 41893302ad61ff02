// A webhook receiver that verifies Yardkeep's Standard Webhooks signatures, standalone
// (Node's own modules only): run it, register http://<this host>:4000/yardkeep as an
// endpoint (WEBHOOK_ALLOW_PRIVATE=true when both run on one machine), and give it the
// endpoint's secret.
//
//   YARDKEEP_WEBHOOK_SECRET=whsec_… npx tsx examples/verify-webhook.ts [port]
import http from 'node:http';
import { verifySignature } from './webhook-signature.ts';

const secret = process.env.YARDKEEP_WEBHOOK_SECRET;
if (!secret?.startsWith('whsec_')) {
  console.error('Set YARDKEEP_WEBHOOK_SECRET to the endpoint secret (whsec_…).');
  process.exit(2);
}
/** Ids already handled: at-least-once delivery may send an event again. */
const seen = new Set<string>();

http
  .createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verifySignature(secret, req.headers, body)) {
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
