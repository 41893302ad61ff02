import fs from 'node:fs';

/**
 * The data folder holds password hashes, sessions and uploads: owner-only (0700), also
 * when an older version left it world-readable. A folder someone else owns (a mounted
 * volume) is left as it is.
 */
export function tightenFolder(dir: string): void {
  try {
    fs.chmodSync(dir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}
