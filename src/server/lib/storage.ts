import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

/**
 * Where uploaded files live (docs/decisions.md, "Files in an object store"): the uploads
 * folder in DATA_DIR by default, or an S3-compatible bucket (STORAGE_URL). Every reader and
 * writer of files (uploads, image checks, serving, backups, restores, the orphan sweep,
 * storage:copy) goes through this one interface and only ever names a key, never a path.
 * Keys are chosen by the server only (`<random>.<ext>`), never from a client's filename; a
 * key that is not well formed is treated as nothing stored, so nothing else in a bucket or
 * folder (a backup, someone's other files) is ever served, listed or deleted.
 *
 * A store that cannot be reached, refuses our credentials or has no bucket throws
 * `storageUnavailable()` (a 503 for the request); "no such key" is null, never an error.
 */
export interface FileStorage {
  /** Where the files are, for people: a folder, or `s3://bucket/prefix at endpoint`. */
  readonly location: string;
  /** The local folder, when the files are on this machine's disk. */
  readonly folder?: string;
  /** Stores the bytes under the key, durably, replacing nothing half-way. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes as a stream, with their size; null when nothing is stored there. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Size and time of a stored file (and its sha256 when the store keeps it); or null. */
  head(key: string): Promise<StoredFile | null>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored upload (well-formed keys only), in no particular order. */
  list(): AsyncIterable<StoredFile>;
  /** Throws storageUnavailable when the store cannot be used at all (checked at start). */
  check(): Promise<void>;
}

export interface StoredFile {
  key: string;
  size: number;
  modifiedAt: Date;
  /** The content's sha256 (hex) as recorded when it was stored; undefined when unknown. */
  sha256?: string | undefined;
}

/** The uploads folder inside DATA_DIR (and inside a backup, under files/). */
export const UPLOADS_DIR = 'uploads';

// pdf: inspection certificates (modules/inspections), read only through the API.
const KEY_PATTERN = /^[a-z0-9]{24}\.(jpg|png|webp|gif|avif|pdf)$/;

export const isUploadKey = (key: string) => KEY_PATTERN.test(key);

/** A new random key (96 bits: not guessable) for a file of this extension. */
export const newUploadKey = (extension: string) =>
  `${randomBytes(12).toString('hex')}.${extension}`;

/** Stores bytes under a new server-chosen key and returns the key. */
export async function storeNew(
  storage: FileStorage,
  bytes: Buffer,
  extension: string,
): Promise<string> {
  const key = newUploadKey(extension);
  await storage.put(key, bytes);
  return key;
}

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).slice(1)];

/**
 * The store failed (unreachable, access denied, bucket missing): this request cannot be
 * served, nothing half-done was kept. The cause goes to the log, not to the caller.
 */
export function storageUnavailable(cause: unknown, reason = 'is not answering'): AppError {
  const error = new AppError(
    503,
    'storage_unavailable',
    'Files cannot be stored or read right now: the file store is not available. ' +
      'Please try again in a moment.',
    undefined,
    5,
  );
  return Object.assign(error, { cause, reason });
}

/** Why the store could not be used, for the start-up line and the log. */
export function storageFailureReason(error: unknown): string {
  const reason = (error as { reason?: unknown }).reason;
  return typeof reason === 'string' ? reason : error instanceof Error ? error.message : '';
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

/** Whether a file is stored under the key. */
export const isStored = async (storage: FileStorage, key: string) =>
  (await storage.head(key)) !== null;
