import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  BACKUP_FORMAT_VERSION,
  MANIFEST_FILE,
  manifestSchema,
  type BackupManifest,
} from './format.ts';
import { backupError, hashFile, refuseSpecialFiles } from './files.ts';

/**
 * The manifest of the backup in `folder`, once every file it lists is there with its size,
 * checksum and (for tables) row count. Throws a sentence saying what is wrong otherwise;
 * a restore calls this before it writes anything.
 */
export async function readBackup(folder: string): Promise<BackupManifest> {
  const root = path.resolve(folder);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw backupError(`${root} is not a folder.`);
  }
  refuseSpecialFiles(root);
  const manifestFile = path.join(root, MANIFEST_FILE);
  if (!fs.existsSync(manifestFile)) {
    throw backupError(
      `${root} is not a Yardkeep backup: it has no ${MANIFEST_FILE} (an unfinished backup has none).`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch (err) {
    throw backupError(`${manifestFile} is damaged: ${(err as Error).message}`);
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== 'yardkeep-backup') {
    throw backupError(`${root} is not a Yardkeep backup: ${MANIFEST_FILE} is something else.`);
  }
  if (typeof format.formatVersion === 'number' && format.formatVersion > BACKUP_FORMAT_VERSION) {
    throw backupError(
      `This backup was written by a newer Yardkeep (backup format ${format.formatVersion}); ` +
        `this version reads format ${BACKUP_FORMAT_VERSION}. Restore it with that newer version.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw backupError(
      `${manifestFile} is damaged: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  const manifest = parsed.data;

  const names = new Set<string>();
  for (const table of manifest.tables) {
    if (names.has(table.name)) throw backupError(`${manifestFile} lists ${table.name} twice.`);
    names.add(table.name);
    const file = path.join(root, table.file);
    const found = await hashAndCountLines(file);
    if (!found) throw backupError(`The backup is incomplete: ${table.file} is missing.`);
    if (found.bytes !== table.bytes || found.sha256 !== table.sha256) {
      throw backupError(
        `${table.file} is damaged or truncated: its checksum does not match the manifest.`,
      );
    }
    if (found.lines !== table.rows) {
      throw backupError(`${table.file} has ${found.lines} rows; the manifest says ${table.rows}.`);
    }
  }
  for (const entry of manifest.files) {
    const file = path.join(root, entry.path);
    if (!fs.existsSync(file))
      throw backupError(`The backup is incomplete: ${entry.path} is missing.`);
    const found = await hashFile(file);
    if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
      throw backupError(`${entry.path} is damaged: its checksum does not match the manifest.`);
    }
  }
  return manifest;
}

async function hashAndCountLines(
  file: string,
): Promise<{ bytes: number; sha256: string; lines: number } | null> {
  if (!fs.existsSync(file)) return null;
  const hash = createHash('sha256');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
    for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines++;
  }
  return { bytes, sha256: hash.digest('hex'), lines };
}
