import type { Config } from '../config.ts';
import { dataDirStorage } from './storage-local.ts';
import type { FileStorage } from './storage.ts';
import { describeS3 } from './storage-url.ts';

/** The store STORAGE_URL names: a bucket, or the uploads folder in DATA_DIR when unset. */
export function openStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  if (!config.s3) return dataDirStorage(config.dataDir);
  const { credentials, ...location } = config.s3;
  // The S3 client is loaded on first use, not with the app: it is the largest module the
  // server would load, and a server on the uploads folder (the default) never needs it.
  let opened: Promise<FileStorage> | undefined;
  const bucket = () =>
    (opened ??= import('./storage-s3.ts').then((s3) => s3.createS3Storage(location, credentials)));
  return {
    location: describeS3(location),
    put: async (key, bytes) => (await bucket()).put(key, bytes),
    get: async (key) => (await bucket()).get(key),
    head: async (key) => (await bucket()).head(key),
    delete: async (key) => (await bucket()).delete(key),
    async *list() {
      yield* (await bucket()).list();
    },
    check: async () => (await bucket()).check(),
  };
}
