import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { tightenFolder } from './private-folder.ts';

/**
 * Where uploaded files live. Local folder by default; callers only ever name a key and
 * never see a path, so an S3-compatible store can be added beside it. Keys are chosen by
 * the server only (`<random>.<ext>`), never from a client's filename; a key that is not
 * well formed is treated as nothing stored.
 */
export interface FileStorage {
  /** Writes the bytes under a new server-chosen key and returns that key. */
  put(bytes: Buffer, extension: string): Promise<string>;
  /** Whether a file is stored under the key. */
  exists(key: string): Promise<boolean>;
  /** The stored file's size, or null when nothing is stored under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The stored bytes, read as they are sent; an error on the stream when the file is gone. */
  stream(key: string): Readable;
  /** Removes a stored file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

/** The uploads folder inside DATA_DIR (and inside a backup, under files/). */
export const UPLOADS_DIR = 'uploads';

/** The server's own store: the uploads folder in DATA_DIR. */
export const dataDirStorage = (dataDir: string): FileStorage =>
  createLocalStorage(path.join(dataDir, UPLOADS_DIR));

// pdf: inspection certificates (modules/inspections), read only through the API.
const KEY_PATTERN = /^[a-z0-9]{24}\.(jpg|png|webp|gif|avif|pdf)$/;

export function createLocalStorage(dir: string): FileStorage {
  // Owner-only like the rest of the data folder (docs/decisions.md, Backups).
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenFolder(dir);
  const fileOf = (key: string) => (KEY_PATTERN.test(key) ? path.join(dir, key) : null);
  const stat = async (key: string) => {
    const file = fileOf(key);
    const found = file ? await fs.promises.stat(file).catch(() => null) : null;
    return found?.isFile() ? { size: found.size } : null;
  };
  return {
    async put(bytes, extension) {
      const key = `${randomBytes(12).toString('hex')}.${extension}`;
      const target = path.join(dir, key);
      // Write to a temporary name first so a crash never leaves half a file under the key.
      const temp = `${target}.part`;
      // Synced before the database row that names it is committed, so an acknowledged
      // upload survives a power cut too.
      const handle = await fs.promises.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temp, target);
      return key;
    },
    async exists(key) {
      return (await stat(key)) !== null;
    },
    stat,
    stream(key) {
      const file = fileOf(key);
      if (!file) throw new Error(`Not a storage key: ${key}`);
      return fs.createReadStream(file);
    },
    async remove(key) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },
  };
}

/** Files are served under this URL prefix; an image's src is `${UPLOADS_URL_PREFIX}/${key}`. */
export const UPLOADS_URL_PREFIX = '/uploads';

/** The storage key inside one of our upload URLs, or null for anything else. */
export function keyFromSrc(src: string): string | null {
  const prefix = `${UPLOADS_URL_PREFIX}/`;
  if (!src.startsWith(prefix)) return null;
  const key = src.slice(prefix.length);
  return KEY_PATTERN.test(key) ? key : null;
}
