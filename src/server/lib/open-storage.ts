import type { Config } from '../config.ts';
import { dataDirStorage } from './storage-local.ts';
import { createS3Storage } from './storage-s3.ts';
import type { FileStorage } from './storage.ts';

/** The store STORAGE_URL names: a bucket, or the uploads folder in DATA_DIR when unset. */
export function openStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  if (!config.s3) return dataDirStorage(config.dataDir);
  const { credentials, ...location } = config.s3;
  return createS3Storage(location, credentials);
}
