import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { describeS3, parseStorageUrl } from './storage-url.ts';

/** STORAGE_URL and the bucket's credentials, as an operator writes them (README). */
describe('STORAGE_URL', () => {
  it('refuses credentials in the URL, another scheme, a bad bucket, option or endpoint', () => {
    const refused: Array<[string, RegExp]> = [
      ['s3://key:secret@photos/yard', /must not hold credentials: set AWS_ACCESS_KEY_ID/],
      ['https://photos.example.com/yard', /must start with s3:\/\//],
      ['photos/yard', /must look like s3:\/\/bucket/],
      ['s3://photos_1/yard', /names no valid bucket \("photos_1"\)/],
      ['s3://photos/yard?acl=public-read', /unknown option acl \(known: endpoint, region/],
      ['s3://photos/?endpoint=minio.lan:9000', /endpoint must be http\(s\):\/\/host\[:port\]/],
      ['s3://photos/?endpoint=http://minio.lan:9000/path', /endpoint must be http/],
      ['s3://photos/?force_path_style=yes', /force_path_style must be true or false/],
    ];
    for (const [url, message] of refused) {
      const parsed = parseStorageUrl(url);
      expect(parsed, url).toHaveProperty('error');
      expect((parsed as { error: string }).error, url).toMatch(message);
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(/Invalid configuration/);
    }
  });

  it('reads a MinIO-style URL: bucket, prefix, endpoint, region and path style', () => {
    const url =
      's3://yard-files/studio/one/?endpoint=http://minio.lan:9000/&region=eu-west-1&force_path_style=true';
    const parsed = parseStorageUrl(url);
    expect(parsed).toEqual({
      bucket: 'yard-files',
      prefix: 'studio/one/',
      endpoint: 'http://minio.lan:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(describeS3(parsed as Exclude<typeof parsed, { error: string }>)).toBe(
      's3://yard-files/studio/one/ at http://minio.lan:9000',
    );
  });

  it('reads AWS itself: no endpoint, no prefix, us-east-1 and virtual-host style by default', () => {
    expect(parseStorageUrl('s3://yard-files')).toEqual({
      bucket: 'yard-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it('takes the credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, both or neither', () => {
    const STORAGE_URL = 's3://yard-files/yard?endpoint=http://127.0.0.1:9000';
    expect(
      loadConfig({ STORAGE_URL, AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' }).s3,
    ).toMatchObject({
      bucket: 'yard-files',
      prefix: 'yard/',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    // Neither: the SDK's own chain (an instance role, a profile).
    expect(loadConfig({ STORAGE_URL }).s3?.credentials).toBeUndefined();
    expect(() => loadConfig({ STORAGE_URL, AWS_ACCESS_KEY_ID: 'id' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are needed together/,
    );
  });

  it('unset or empty keeps the files in DATA_DIR/uploads, as before', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ STORAGE_URL: '' }).s3).toBeNull();
  });
});

describe('the S3 client', () => {
  it('is the official @aws-sdk/client-s3, pinned, and runs on Node 20 with all its SDK parts', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies['@aws-sdk/client-s3']).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version: string; engines?: { node?: string } }>;
    };
    expect(lock.packages['node_modules/@aws-sdk/client-s3']?.version).toBe(
      pkg.dependencies['@aws-sdk/client-s3'],
    );
    const sdkParts = Object.entries(lock.packages).filter(([name]) =>
      /node_modules\/@(aws-sdk|smithy|aws-crypto)\//.test(name),
    );
    expect(sdkParts.length).toBeGreaterThan(10);
    for (const [name, { engines }] of sdkParts) {
      // Every part says which Node it needs; ">=N.0.0" with N at most 20.
      const oldest = /^>=\s*(\d+)(\.\d+){0,2}$/.exec(engines?.node ?? '');
      expect(oldest, `${name}: ${engines?.node}`).not.toBeNull();
      expect(Number(oldest![1]), `${name}: ${engines?.node}`).toBeLessThanOrEqual(20);
    }
  });
});
