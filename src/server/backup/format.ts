import { z } from 'zod';

/**
 * The backup folder (docs/decisions.md, Backups):
 *   manifest.json           what is in it, written last
 *   tables/<table>.ndjson   one JSON object per row, column name to value
 *   files/uploads/...       the uploaded files, as under DATA_DIR/uploads
 * Engine-neutral, so a backup of SQLite restores into PostgreSQL and back.
 */
export const BACKUP_FORMAT = 'yardkeep-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const TABLES_DIR = 'tables';
export const FILES_DIR = 'files';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A path inside the backup folder: relative, forward slashes, no way out of it. */
const innerPath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').some((part) => part === '..' || part === ''), {
    message: 'must be a relative path inside the backup',
  });

export const tableEntrySchema = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
  file: innerPath,
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sha256,
});

export const fileEntrySchema = z.object({
  path: innerPath,
  bytes: z.number().int().min(0),
  sha256,
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The migrations the database had run when the backup was taken. */
  migrations: z.array(z.string()),
  tables: z.array(tableEntrySchema),
  files: z.array(fileEntrySchema),
  /** Upload URLs named by a row whose file was gone when the files were copied. */
  missingFiles: z.array(z.string()).default([]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableEntry = z.infer<typeof tableEntrySchema>;
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** Bytes are the one value JSON cannot hold as they are. */
interface EncodedBytes {
  $base64: string;
}

/** A database value as JSON: dates as ISO text, bytes as base64, anything else as it is. */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot store the number ${value}`);
    return value;
  }
  if (typeof value === 'bigint') {
    if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
      return value.toString();
    }
    return Number(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) {
    return { $base64: Buffer.from(value).toString('base64') } satisfies EncodedBytes;
  }
  if (value === undefined) return null;
  // A structured value (PostgreSQL json): stored as its text, which both engines accept.
  return JSON.stringify(value);
}

export function decodeValue(value: unknown, engine: 'sqlite' | 'postgres'): unknown {
  if (typeof value === 'boolean' && engine === 'sqlite') return value ? 1 : 0;
  if (value !== null && typeof value === 'object') {
    const bytes = (value as Partial<EncodedBytes>).$base64;
    if (typeof bytes === 'string') return Buffer.from(bytes, 'base64');
    throw new Error('a value is neither text, number, flag, bytes nor empty');
  }
  return value;
}
