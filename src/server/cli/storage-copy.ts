import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sha256Of } from '../backup/files.ts';
import { loadConfig } from '../config.ts';
import { openStorage } from '../lib/open-storage.ts';
import { noProgress, type ProgressFactory } from '../lib/progress.ts';
import { dataDirStorage } from '../lib/storage-local.ts';
import { storageFailureReason, type FileStorage } from '../lib/storage.ts';
import {
  argumentsOrExit,
  commandIo,
  isEntryPoint,
  parseCommandArgs,
  type CommandOptions,
} from './cli-kit.ts';

export const USAGE = `Usage: npm run storage:copy -- --to 's3://bucket/prefix?endpoint=…&region=…&force_path_style=true'

Copies the uploads folder (DATA_DIR/uploads) into a bucket of an S3-compatible store, with
the credentials in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY. Every copied object is read
back and its sha256 compared with the file's. Run it again after an interruption: objects
already in the bucket with the same checksum are skipped. The server may keep running
meanwhile; run it once more after stopping it, then set STORAGE_URL to the same URL and
start the server: nothing is lost.`;

export interface CopySummary {
  copied: number;
  skipped: number;
  bytes: number;
}

async function sha256OfStream(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every upload of `from` into `to`: skipped when `to` holds it with the same
 * sha256 already (a resumed copy), otherwise written and then read back and compared.
 * A mismatch stops the copy with an error naming the file. The files are listed first
 * (cheap next to copying them) so the progress has a total and an estimate; a file added
 * meanwhile waits for the next run, which the usage asks for after stopping the server.
 */
export async function copyUploads(
  from: FileStorage,
  to: FileStorage,
  progress: ProgressFactory = noProgress,
): Promise<CopySummary> {
  await to.check();
  const keys: string[] = [];
  for await (const file of from.list()) keys.push(file.key);
  const files = progress('Copying files', keys.length, 'files');
  const summary: CopySummary = { copied: 0, skipped: 0, bytes: 0 };
  for (const key of keys) {
    const source = await from.get(key);
    if (!source) continue; // deleted since it was listed
    const chunks: Buffer[] = [];
    for await (const chunk of source.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const sha256 = sha256Of(bytes);
    const there = await to.head(key);
    if (there && there.size === bytes.length && there.sha256 === sha256) {
      summary.skipped++;
    } else {
      await to.put(key, bytes);
      const copy = await to.get(key);
      const copied = copy ? await sha256OfStream(copy.body) : 'nothing';
      if (copied !== sha256) {
        throw new Error(
          `${key} does not match after copying (sha256 ${sha256} here, ${copied} there).`,
        );
      }
      summary.copied++;
      summary.bytes += bytes.length;
    }
    files.advance();
  }
  files.finish();
  return summary;
}

type Parsed = { help: true } | { error: string } | { to: string };

export function parseCopyArgs(argv: string[]): Parsed {
  const parsed = parseCommandArgs<{ to?: string }>(argv, { to: { type: 'string' } });
  if (!('values' in parsed)) return parsed;
  if (!parsed.values.to) return { error: 'Name the bucket: --to s3://bucket/prefix?endpoint=…' };
  return { to: parsed.values.to };
}

/** The whole command; returns the exit code, so tests can run it without a process. */
export async function runStorageCopyCommand(
  argv: string[],
  options: CommandOptions = {},
): Promise<number> {
  const io = commandIo(options);
  const args = argumentsOrExit(parseCopyArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;
  const env = options.env ?? process.env;
  try {
    const config = loadConfig({
      DATA_DIR: env.DATA_DIR,
      STORAGE_URL: args.to,
      AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY,
    });
    const from = dataDirStorage(config.dataDir);
    const to = openStorage(config);
    io.out(`Copying ${from.location} into ${to.location} ...`);
    const done = await copyUploads(from, to, io.progress);
    io.out(
      `Done: ${done.copied} files copied and verified by sha256 (${done.bytes} bytes), ` +
        `${done.skipped} already there with the same checksum.`,
    );
    return 0;
  } catch (error) {
    const reason = storageFailureReason(error);
    io.err(`The copy failed: ${reason || String(error)}`);
    return 1;
  }
}

if (isEntryPoint(import.meta.url)) {
  process.exitCode = await runStorageCopyCommand(process.argv.slice(2));
}
