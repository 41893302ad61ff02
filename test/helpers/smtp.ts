import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  /** Waits for the next message to this address and returns it. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback: emails travel the same way they do in production. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const seen = new Set<ReceivedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find((m) => !seen.has(m) && m.to.includes(to.toLowerCase()));
        if (found) {
          seen.add(found);
          return found;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no email to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** startTestSmtp for the tests of a file (or describe): started before them, closed after. */
export function useTestSmtp(): TestSmtp {
  let smtp: TestSmtp | undefined;
  const ready = (): TestSmtp => {
    if (!smtp) throw new Error('useTestSmtp: the server runs only inside tests and hooks');
    return smtp;
  };
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => smtp?.close());
  return {
    get url() {
      return ready().url;
    },
    get messages() {
      return ready().messages;
    },
    waitFor: (to, timeoutMs) => ready().waitFor(to, timeoutMs),
    close: () => ready().close(),
  };
}

/** The first link in a message (quoted-printable soft breaks undone). */
export function linkIn(mail: ReceivedMail): URL {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/[^\s"<>]+/.exec(text);
  if (!match) throw new Error(`no link in mail:\n${mail.raw}`);
  return new URL(match[0]);
}

/** The token a reset or verification link ends with. */
export function tokenIn(mail: ReceivedMail): string {
  return linkIn(mail).pathname.split('/').pop()!;
}
