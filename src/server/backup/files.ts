import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

/** Backups hold password hashes and sessions: owner-only, like the data folder. */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

export const backupError = (message: string) => new AppError(400, 'bad_backup', message);

export function sha256Of(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A file written in large chunks while its checksum is computed, synced to disk on close
 * so a backup that says it is done is on the disk.
 */
export class HashedFileWriter {
  private readonly fd: number;
  private readonly hash = createHash('sha256');
  private pending: string[] = [];
  private pendingLength = 0;
  bytes = 0;

  constructor(file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
    this.fd = fs.openSync(file, 'wx', PRIVATE_FILE);
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength > 1 << 20) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
    this.hash.update(chunk);
    let offset = 0;
    while (offset < chunk.length) offset += fs.writeSync(this.fd, chunk, offset);
    this.bytes += chunk.length;
  }

  close(): { bytes: number; sha256: string } {
    this.flush();
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    return { bytes: this.bytes, sha256: this.hash.digest('hex') };
  }
}

/** Writes a stream into a new file, synced, owner-only; its size and sha256. */
export async function writeStreamSynced(
  file: string,
  body: Readable,
): Promise<{ bytes: number; sha256: string }> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const handle = await fs.promises.open(file, 'wx', PRIVATE_FILE);
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      hash.update(buffer);
      bytes += buffer.length;
      await handle.write(buffer);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Writes a whole file, synced, owner-only. */
export function writeFileSynced(file: string, bytes: Buffer | string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  const fd = fs.openSync(file, 'wx', PRIVATE_FILE);
  try {
    fs.writeFileSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Refuses a backup holding anything but plain files and folders, before any of its files
 * is opened: a symbolic link (to a file, or as the uploads folder itself) would make the
 * restore copy a file of the host into uploads once the manifest's checksum is made to
 * match, and a device or a pipe (/dev/zero, a FIFO) would never end. Every entry is looked
 * at without following links (readdir's types are lstat's). The folder named on the
 * command line is the operator's choice and may itself be a link.
 */
export function refuseSpecialFiles(root: string): void {
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (!entry.isFile()) {
        throw backupError(
          `${child} in the backup is ${kindOf(entry)}: a backup holds only plain files and folders.`,
        );
      }
    }
  };
  walk('');
}

function kindOf(entry: fs.Dirent): string {
  if (entry.isSymbolicLink()) return 'a symbolic link';
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return 'a device';
  if (entry.isFIFO()) return 'a pipe';
  if (entry.isSocket()) return 'a socket';
  return 'not a plain file';
}

/** The sha256 and size of a file, read in chunks. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
