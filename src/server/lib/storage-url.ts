/**
 * STORAGE_URL: unset means the uploads folder in DATA_DIR; otherwise
 * `s3://bucket/optional/prefix?endpoint=http://host:port&region=eu-west-1&force_path_style=true`
 * for any S3-compatible store (AWS S3, MinIO, Garage, Cloudflare R2, Backblaze B2).
 * Credentials are never part of the URL: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
 */
export interface S3Location {
  bucket: string;
  /** Prepended to every key: '' or ending in '/'. */
  prefix: string;
  /** undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
}

const PARAMS = new Set(['endpoint', 'region', 'force_path_style']);

/** The bucket and its options, or an error message naming what is wrong. */
export function parseStorageUrl(raw: string): S3Location | { error: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { error: 'STORAGE_URL must look like s3://bucket/prefix?endpoint=…&region=…' };
  }
  if (url.protocol !== 's3:') {
    return { error: 'STORAGE_URL must start with s3:// (unset it to keep files in DATA_DIR)' };
  }
  if (url.username || url.password) {
    return {
      error:
        'STORAGE_URL must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    };
  }
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    return { error: `STORAGE_URL names no valid bucket ("${bucket}")` };
  }
  for (const name of url.searchParams.keys()) {
    if (!PARAMS.has(name)) {
      return {
        error: `STORAGE_URL has an unknown option ${name} (known: ${[...PARAMS].join(', ')})`,
      };
    }
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    return { error: 'STORAGE_URL endpoint must be http(s)://host[:port]' };
  }
  const pathStyle = url.searchParams.get('force_path_style') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    return { error: 'STORAGE_URL force_path_style must be true or false' };
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint?.replace(/\/$/, ''),
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
  };
}

/** How the store is named to people: never with credentials. */
export const describeS3 = (s3: S3Location) =>
  `s3://${s3.bucket}/${s3.prefix}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`;
