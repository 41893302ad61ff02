import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parsed body: Standard Webhooks' {type, timestamp, data}. */
  event: { type: string; timestamp: string; data: Record<string, unknown> };
  at: number;
}

/** What the receiver does with a request: answer with a status, or never answer. */
export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** The answer to each request, in turn; once used up, `otherwise`. */
  answers: Answer[];
  otherwise: Answer;
  /** The distinct webhook-ids received, in order of first arrival. */
  ids(): string[];
  /** Waits until `check` holds for what was received. */
  waitUntil(check: (received: ReceivedWebhook[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback that records every webhook request it gets: deliveries
 * travel the network the way they do in production (WEBHOOK_ALLOW_PRIVATE=true lets the
 * app reach loopback).
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<http.ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    received,
    answers: [],
    otherwise: 200,
    ids: () => [...new Set(received.map((r) => String(r.headers['webhook-id'])))],
    async waitUntil(check, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check(received)) {
        if (Date.now() > deadline) {
          throw new Error(`the receiver waited ${timeoutMs} ms; it got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body,
        event: JSON.parse(body) as ReceivedWebhook['event'],
        at: Date.now(),
      });
      const answer = receiver.answers.shift() ?? receiver.otherwise;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (answer >= 300 && answer < 400) res.setHeader('location', '/elsewhere');
      res.statusCode = answer;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}
