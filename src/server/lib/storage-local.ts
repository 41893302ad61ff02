import fs from 'node:fs';
import path from 'node:path';
import { tightenFolder } from './private-folder.ts';
import { isUploadKey, storageUnavailable, UPLOADS_DIR, type FileStorage } from './storage.ts';

/** The server's own store by default: the uploads folder in DATA_DIR. */
export const dataDirStorage = (dataDir: string): FileStorage =>
  createLocalStorage(path.join(dataDir, UPLOADS_DIR));

/** A folder on this machine's disk, files named by their keys. */
export function createLocalStorage(dir: string): FileStorage {
  // Owner-only like the rest of the data folder (docs/decisions.md, Backups).
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tightenFolder(dir);
  const fileOf = (key: string) => (isUploadKey(key) ? path.join(dir, key) : null);
  const head = async (key: string) => {
    const file = fileOf(key);
    const found = file ? await fs.promises.stat(file).catch(ignoreMissing) : null;
    return found?.isFile() ? { key, size: found.size, modifiedAt: found.mtime } : null;
  };
  return {
    location: dir,
    folder: dir,
    async put(key, bytes) {
      const target = fileOf(key);
      if (!target) throw new Error(`Not a storage key: ${key}`);
      // Written under a temporary name first so a crash never leaves half a file under the
      // key, and synced before the row that names it is committed (survives a power cut).
      const temp = `${target}.${process.pid}.part`;
      try {
        const handle = await fs.promises.open(temp, 'w', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(temp, target);
      } catch (error) {
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        throw diskFailure(error);
      }
    },
    async get(key) {
      const found = await head(key);
      const file = fileOf(key);
      if (!found || !file) return null;
      return { body: fs.createReadStream(file), size: found.size };
    },
    head,
    async delete(key) {
      const file = fileOf(key);
      if (file) await fs.promises.rm(file, { force: true });
    },
    async *list() {
      const names = await fs.promises.readdir(dir).catch(ignoreMissing);
      for (const name of names ?? []) {
        if (!isUploadKey(name)) continue; // .part files, a restore's staging, anything else
        const found = await head(name);
        if (found) yield found;
      }
    },
    async check() {
      try {
        if (!(await fs.promises.stat(dir)).isDirectory()) throw new Error(`${dir} is a file`);
        await fs.promises.access(dir, fs.constants.R_OK | fs.constants.W_OK);
      } catch (error) {
        throw storageUnavailable(error, `the folder ${dir} cannot be read and written`);
      }
    },
  };
}

function ignoreMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

/** What the disk may say that means the folder cannot take files now (a bucket's outage). */
const UNUSABLE = new Set(['ENOSPC', 'EROFS', 'EACCES', 'EPERM', 'EDQUOT', 'ENOTDIR', 'ENOENT']);

function diskFailure(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code && UNUSABLE.has(code)
    ? storageUnavailable(error, `the disk refused the write (${code})`)
    : error;
}
