import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, stopAll, tempDir } from '../helpers/server-process.ts';
import { startS3Server } from '../helpers/s3-server.ts';
import { TEST_ENGINE } from '../helpers/database.ts';

/**
 * Every script in package.json runs, in its cheapest form that still goes through the
 * script's own line (issue 20 item 9: `npm run test:e2e` once pointed at a file that did not
 * exist). A script added to package.json without a case here fails the first test.
 * Timings are not asserted: each case only proves the script starts and does its job.
 */

const root = process.cwd();
const scripts = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

/** The environment of a script run: no database of the test's, nothing of vitest's own. */
function scriptEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST_DB'),
  );
  return { ...env, DATABASE_URL: '', NODE_ENV: '', ...extra };
}

interface Ran {
  status: number | null;
  out: string;
}

/** `npm run <name> -- <args>`: the script's own line, with arguments appended. */
function npmRun(name: string, args: string[] = [], env: Record<string, string> = {}): Ran {
  const result = spawnSync('npm', ['run', '--silent', name, '--', ...args], {
    cwd: root,
    env: scriptEnv(env),
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** A script's line run as npm would (node_modules/.bin first on the PATH), edited first. */
function runLine(line: string, cwd = root): Ran {
  const bin = path.join(root, 'node_modules', '.bin');
  const result = spawnSync('sh', ['-c', line], {
    cwd,
    env: scriptEnv({ PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` }),
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

/** The script's line with its last argument, `.` (the whole repository), replaced. */
function onFiles(name: string, files: string): string {
  const line = scripts[name]!;
  expect(line, `${name} ends with " ." (the whole repository)`).toMatch(/ \.$/);
  return line.replace(/ \.$/, ` ${files}`);
}

/** Starts `npm run <name>` in its own process group, answers its output and a stop. */
function startScript(name: string, args: string[], env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', name, '--', ...args], {
    cwd: root,
    env: scriptEnv(env),
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => out,
    /** SIGTERM to npm and everything it started; resolves once npm has exited. */
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The first answer of `url` with this status, or the last failure after `ms`. */
async function waitFor(url: string, status: number, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  let last: unknown = null;
  while (Date.now() < until) {
    try {
      const answer = await fetch(url);
      if (answer.status === status) return answer;
      last = `HTTP ${answer.status}`;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer ${status} within ${ms} ms: ${String(last)}`);
}

/** A run with no test file: proves the line runs vitest on the named project, in seconds. */
function vitestProject(name: string, include: string) {
  const ran = npmRun(name, ['test/no-such-test-file', '--passWithNoTests']);
  expect(ran.out).toContain('No test files found');
  expect(ran.out).toContain(include);
  expect(ran.status, ran.out).toBe(0);
}

const usage = (name: string) => {
  const ran = npmRun(name, ['--help']);
  expect(ran.out).toContain(`Usage: npm run ${name}`);
  expect(ran.status, ran.out).toBe(0);
};

const CASES: Record<string, () => Promise<void> | void> = {
  start: async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = startScript('start', [], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Another folder than dist/web: the server serves no pages, so npm start builds none.
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ADMIN_EMAIL: 'owner@example.com',
      LOG_LEVEL: 'warn',
    });
    try {
      const health = await waitFor(`http://127.0.0.1:${port}/api/health`, 200, 60_000);
      expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' });
      expect(fs.readdirSync(dataDir).length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    // npm passed the stop on: the server shuts down (gracefully, so not at once) and is gone.
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            () => 'up',
            () => 'down',
          ),
        {
          timeout: 30_000,
        },
      )
      .toBe('down');
  },
  build: () => {
    const ran = npmRun('build', ['--help']);
    expect(ran.out).toMatch(/\$ vite build/);
    expect(ran.status, ran.out).toBe(0);
  },
  'dev:web': async () => {
    const port = await freePort();
    const vite = startScript(
      'dev:web',
      ['--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      {},
    );
    try {
      const page = await waitFor(`http://127.0.0.1:${port}/`, 200, 60_000);
      expect(await page.text()).toContain('<div id="root"');
    } finally {
      await vite.stop();
    }
  },
  test: () => {
    const ran = npmRun('test', ['--dry-run']);
    for (const stage of [
      'Static checks',
      'Server tests on SQLite',
      'Web unit tests',
      'Browser tests',
    ]) {
      expect(ran.out).toContain(`=== ${stage}`);
    }
    expect(ran.out).toContain('vitest run --project e2e');
    expect(ran.status, ran.out).toBe(0);
  },
  check: () => {
    // Each part runs in its own case below; the whole check takes minutes.
    const parts = scripts.check!.split('&&').map((part) => part.trim());
    for (const part of parts) {
      const name = /^npm run (\S+)$/.exec(part)?.[1];
      expect(name && scripts[name], `"${part}" names a script`).toBeTruthy();
    }
  },
  typecheck: () => {
    const ran = npmRun('typecheck', ['--showConfig']);
    expect(ran.status, ran.out).toBe(0);
    expect(JSON.parse(ran.out)).toHaveProperty('compilerOptions');
  },
  lint: () => {
    // The whole config (and the project's own rules) on two files rather than all of them.
    const ran = runLine(onFiles('lint', 'eslint.config.js src/web/lib/api.ts'));
    expect(ran.status, ran.out).toBe(0);
  },
  format: () => {
    const scratch = path.join(tempDir(), 'messy.ts');
    fs.writeFileSync(scratch, 'const  a = {b:1}\n');
    const ran = runLine(onFiles('format', scratch));
    expect(ran.status, ran.out).toBe(0);
    expect(fs.readFileSync(scratch, 'utf8')).toBe('const a = { b: 1 };\n');
  },
  // From the tokens branch: the whole script is cheap (redocly reads one file).
  'lint:openapi': () => {
    const ran = npmRun('lint:openapi');
    expect(ran.status, ran.out).toBe(0);
  },
  'format:check': () => {
    const scratch = path.join(tempDir(), 'messy.ts');
    fs.writeFileSync(scratch, 'const  a = {b:1}\n');
    expect(runLine(onFiles('format:check', scratch)).status).toBe(1);
    const ran = runLine(onFiles('format:check', 'package.json'));
    expect(ran.status, ran.out).toBe(0);
  },
  'test:server': () => vitestProject('test:server', 'test/server/**/*.test.ts'),
  'test:web': () => vitestProject('test:web', 'src/web/**/*.test.{ts,tsx}'),
  'test:e2e': () => vitestProject('test:e2e', 'test/e2e/**/*.spec.ts'),
  openapi: () => {
    // Its own line, run in a scratch folder laid out like the repository, so what it writes
    // lands there and not over the committed openapi.json. The script is a copy (it runs only
    // as the main module, and a symlinked path is not that); what it imports is linked.
    const scratch = tempDir();
    fs.mkdirSync(path.join(scratch, 'scripts'));
    fs.copyFileSync(
      path.join(root, 'scripts/openapi.ts'),
      path.join(scratch, 'scripts/openapi.ts'),
    );
    for (const linked of ['src', 'node_modules', 'package.json', 'tsconfig.json']) {
      fs.symlinkSync(path.join(root, linked), path.join(scratch, linked));
    }
    fs.mkdirSync(path.join(scratch, 'examples'));
    const ran = runLine(scripts.openapi!, scratch);
    expect(ran.status, ran.out).toBe(0);
    const written = fs.readFileSync(path.join(scratch, 'openapi.json'), 'utf8');
    const document = JSON.parse(written) as { openapi: string; paths: object };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/health');
  },
  admin: () => usage('admin'),
  seed: () => usage('seed'),
  bench: () => usage('bench'),
  'bench:webhooks': () => usage('bench:webhooks'),
  'bench:stocktake': () => usage('bench:stocktake'),
  backup: () => usage('backup'),
  restore: () => usage('restore'),
  // A real copy of one file into a bucket of a real S3 server (moto_server).
  'storage:copy': async () => {
    usage('storage:copy');
    const s3 = await startS3Server();
    try {
      const bucket = await s3.newBucket();
      const dataDir = tempDir();
      fs.mkdirSync(path.join(dataDir, 'uploads'));
      fs.writeFileSync(path.join(dataDir, 'uploads', 'abcdefabcdefabcdefabcdef.png'), 'png bytes');
      const { STORAGE_URL, ...credentials } = s3.env(bucket, 'yard');
      const ran = npmRun('storage:copy', ['--to', STORAGE_URL!], {
        DATA_DIR: dataDir,
        ...credentials,
      });
      expect(ran.status, ran.out).toBe(0);
      expect(ran.out).toContain('Done: 1 files copied and verified by sha256');
      expect(await s3.storage(bucket, 'yard').head('abcdefabcdefabcdefabcdef.png')).toMatchObject({
        size: 9,
      });
    } finally {
      await s3.kill();
    }
  },
};

afterEach(() => stopAll());

// Every script runs on SQLite (DATABASE_URL is cleared above), so the PostgreSQL pass of the
// server suite would only run the same processes again: it skips this file.
describe.skipIf(TEST_ENGINE === 'postgres')('package.json scripts', () => {
  it('every script has a case here', () => {
    const without = Object.keys(scripts).filter((name) => !(name in CASES));
    expect(without).toEqual([]);
  });

  for (const [name, proves] of Object.entries(CASES)) {
    // A case whose script is gone shows as skipped (a branch may add or drop one).
    it.skipIf(!(name in scripts))(`npm run ${name}`, { timeout: 120_000 }, async () => {
      await proves();
    });
  }
});
