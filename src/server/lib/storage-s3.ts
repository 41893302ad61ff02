import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Credentials } from '../config.ts';
import { contentTypeOf, isUploadKey, storageUnavailable, type FileStorage } from './storage.ts';
import { describeS3, type S3Location } from './storage-url.ts';

/**
 * An S3-compatible bucket (docs/decisions.md, "Files in an object store"). The bucket stays
 * private: the app streams files through its own /uploads route, so no key is ever served
 * that the app would not serve from its own disk. Each object records its sha256 in its
 * metadata (what storage:copy compares), and goes up with Content-MD5 so the store itself
 * refuses bytes damaged on the way.
 */
export function createS3Storage(
  s3: S3Location,
  credentials: S3Credentials | undefined,
  tuning: { connectTimeoutMs?: number; maxAttempts?: number } = {},
): FileStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // Unset: the SDK's own chain (environment, profile, instance role).
    ...(credentials ? { credentials } : {}),
    maxAttempts: tuning.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: tuning.connectTimeoutMs ?? 3000, requestTimeout: 60_000 },
    // Only the checksums a request needs: several S3-compatible stores refuse the SDK's
    // default extra CRC headers. Integrity comes from Content-MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  const objectKey = (key: string) => `${s3.prefix}${key}`;
  const location = describeS3(s3);

  /** Every SDK failure that is not "no such key" means the store cannot be used now. */
  const fail = (error: unknown) => storageUnavailable(error, whyUnusable(error, Bucket));

  const checkBucket = async () => {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
    } catch (error) {
      throw fail(error);
    }
  };

  return {
    location,
    async put(key, bytes) {
      if (!isUploadKey(key)) throw new Error(`Not a storage key: ${key}`);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: bytes,
            ContentLength: bytes.length,
            ContentType: contentTypeOf(key),
            ContentMD5: createHash('md5').update(bytes).digest('base64'),
            Metadata: { sha256: createHash('sha256').update(bytes).digest('hex') },
          }),
        );
      } catch (error) {
        throw fail(error);
      }
    },
    async get(key) {
      if (!isUploadKey(key)) return null;
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return { body: found.Body as Readable, size: found.ContentLength ?? 0 };
      } catch (error) {
        if (nameOf(error) === 'NoSuchKey') return null;
        throw fail(error);
      }
    },
    async head(key) {
      if (!isUploadKey(key)) return null;
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          key,
          size: found.ContentLength ?? 0,
          modifiedAt: found.LastModified ?? new Date(0),
          sha256: found.Metadata?.sha256,
        };
      } catch (error) {
        if (statusOf(error) !== 404) throw fail(error);
        // A HEAD's 404 has no body: "no such key" and "no such bucket" look alike.
        await checkBucket();
        return null;
      }
    },
    async delete(key) {
      if (!isUploadKey(key)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (error) {
        throw fail(error);
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: s3.prefix, ContinuationToken }),
          );
        } catch (error) {
          throw fail(error);
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(s3.prefix.length) ?? '';
          // Only our uploads, right under the prefix: nothing else in the bucket is ours.
          if (!isUploadKey(key)) continue;
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    check: checkBucket,
  };
}

const nameOf = (error: unknown) => (error as { name?: string }).name ?? '';
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** The operator's words for what went wrong, from the SDK's error. */
function whyUnusable(error: unknown, bucket: string): string {
  const name = nameOf(error);
  const status = statusOf(error);
  const code = (error as { code?: string }).code;
  if (name === 'NoSuchBucket' || (status === 404 && name === 'NotFound')) {
    return `the bucket "${bucket}" does not exist`;
  }
  if (
    status === 403 ||
    ['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'Forbidden'].includes(name)
  ) {
    return 'access was denied (check AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and the bucket policy)';
  }
  if (name === 'CredentialsProviderError') {
    return 'no credentials were found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)';
  }
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'ECONNRESET' ||
    code === 'EHOSTUNREACH' ||
    name === 'TimeoutError'
  ) {
    return `it cannot be reached (${code ?? name})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `it answered ${status ? `${status} ` : ''}${name || 'an error'}${message && message !== name ? `: ${message}` : ''}`;
}
