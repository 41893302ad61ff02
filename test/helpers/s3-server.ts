import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import { createS3Storage } from '../../src/server/lib/storage-s3.ts';
import { parseStorageUrl, type S3Location } from '../../src/server/lib/storage-url.ts';
import type { FileStorage } from '../../src/server/lib/storage.ts';
import { freePort, sleep } from './server-process.ts';

/**
 * A real S3 protocol server for tests: moto_server (Python, `pip install 'moto[server]'`),
 * started on loopback on a free port and killed after. Not a mock of the SDK: every
 * request goes over HTTP, signed, through @aws-sdk/client-s3 as in production.
 */
export interface S3TestServer {
  endpoint: string;
  /** The environment that points the app or a command at `bucket` (under `prefix`). */
  env(bucket: string, prefix?: string): Record<string, string>;
  storageUrl(bucket: string, prefix?: string): string;
  /** A FileStorage on the bucket, as the app would open it. */
  storage(bucket: string, prefix?: string): FileStorage;
  /** Makes a new bucket with a unique name and returns the name. */
  newBucket(): Promise<string>;
  /** Kills the server (SIGKILL, as an outage would), waiting until it is gone. */
  kill(): Promise<void>;
}

export const TEST_CREDENTIALS = { accessKeyId: 'testing', secretAccessKey: 'testing' };

const MOTO = 'moto_server';

/** Fails with what to install when moto_server is missing: these tests never skip. */
function requireMoto(): void {
  const found = spawnSync(MOTO, ['--help'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    throw new Error(
      `${MOTO} is not installed, and the S3 storage tests need it (a real S3 protocol ` +
        "server): pip install 'moto[server]'",
    );
  }
}

export interface S3ServerOptions {
  /**
   * Check every request's credentials against the server's own (empty) user list, as a real
   * store does: TEST_CREDENTIALS are then refused, 403 "access denied". Without it moto
   * accepts any signed request.
   */
  checkCredentials?: boolean;
}

export async function startS3Server(options: S3ServerOptions = {}): Promise<S3TestServer> {
  requireMoto();
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(MOTO, ['-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // moto's switch for checking credentials: from the first request on.
    env: options.checkCredentials
      ? { ...process.env, INITIAL_NO_AUTH_ACTION_COUNT: '0' }
      : process.env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitUntilAnswering(endpoint, child, () => stderr);

  const admin = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: TEST_CREDENTIALS,
  });
  const storageUrl = (bucket: string, prefix = '') =>
    `s3://${bucket}/${prefix}?endpoint=${endpoint}&region=us-east-1&force_path_style=true`;
  return {
    endpoint,
    storageUrl,
    env: (bucket, prefix) => ({
      STORAGE_URL: storageUrl(bucket, prefix),
      AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    }),
    storage: (bucket, prefix) =>
      createS3Storage(parseStorageUrl(storageUrl(bucket, prefix)) as S3Location, TEST_CREDENTIALS),
    async newBucket() {
      const name = `yardkeep-test-${randomBytes(6).toString('hex')}`;
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async kill() {
      admin.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${MOTO} exited at start (${child.exitCode}): ${stderr()}`);
    }
    try {
      await fetch(`${endpoint}/moto-api/`);
      return;
    } catch {
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${MOTO} did not answer within 30 s: ${stderr()}`);
}

/** moto_server for this file's tests: started before them, killed after. */
export function useS3Server(options: S3ServerOptions = {}): { readonly server: S3TestServer } {
  let server: S3TestServer | undefined;
  beforeAll(async () => {
    server = await startS3Server(options);
  }, 40_000);
  afterAll(async () => {
    await server?.kill();
  });
  return {
    get server() {
      if (!server) throw new Error('useS3Server: the server starts in beforeAll');
      return server;
    },
  };
}
