// npm test: the whole suite. Static checks, the server suite on SQLite (and again on
// PostgreSQL when DATABASE_URL is postgres://...), then the browser tests in Chromium.
// TEST_ALSO_ON_NODE=/path/to/node runs the server suite on SQLite once more with that Node
// binary (CI: the oldest supported line beside the current LTS).
// Every stage runs even when an earlier one fails, and the last line sums them up.
// `npm test -- --dry-run` prints the stages and their commands without running them.
import './node-version.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, '.test-output');
fs.mkdirSync(outDir, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : null;

const dryRun = process.argv.includes('--dry-run');
const unknown = process.argv.slice(2).filter((a) => a !== '--dry-run');
if (unknown.length > 0) {
  console.error(`Unknown argument: ${unknown.join(' ')}\nUsage: npm test [-- --dry-run]`);
  process.exit(2);
}

const results = [];
let failedStages = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  if (dryRun) {
    const vars = Object.entries(env).map(([k, v]) => `${k}=${k === 'DATABASE_URL' ? '…' : v} `);
    console.log(`${vars.join('')}${path.relative(root, command) || command} ${args.join(' ')}`);
    return { ok: true, seconds: '0.0' };
  }
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  if (!ok) failedStages++;
  return { ok, seconds };
}

function vitest(title, project, reportName, env, node = null) {
  const report = path.join(outDir, `${reportName}.json`);
  if (!dryRun) fs.rmSync(report, { force: true });
  const { ok, seconds } = run(
    title,
    node ?? bin('vitest'),
    [
      ...(node ? [path.join(root, 'node_modules', 'vitest', 'vitest.mjs')] : []),
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok ? 0 : json.numFailedTests === 0 ? 1 : 0);
    skipped = json.numPendingTests + json.numTodoTests;
  }
  results.push({ title, passed, failed, skipped, seconds });
}

const check = run('Static checks: typecheck, lint, format', 'npm', ['run', '--silent', 'check']);
results.push({
  title: 'Static checks',
  passed: check.ok ? 1 : 0,
  failed: check.ok ? 0 : 1,
  skipped: 0,
  seconds: check.seconds,
});

vitest('Server tests on SQLite', 'server', 'server-sqlite', { TEST_DB: 'sqlite' });
if (postgresUrl) {
  vitest('Server tests on PostgreSQL', 'server', 'server-postgres', {
    TEST_DB: 'postgres',
    DATABASE_URL: postgresUrl,
  });
} else {
  console.log(
    '\n(PostgreSQL run skipped: set DATABASE_URL=postgres://user:pass@host/db to run the server suite on PostgreSQL too.)',
  );
}
const otherNode = process.env.TEST_ALSO_ON_NODE;
if (otherNode) {
  const version = spawnSync(otherNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
  vitest(
    `Server tests on SQLite, Node ${version}`,
    'server',
    'server-sqlite-other-node',
    // Its folder first on PATH, so what the tests spawn runs on that Node too.
    { TEST_DB: 'sqlite', PATH: `${path.dirname(otherNode)}${path.delimiter}${process.env.PATH}` },
    otherNode,
  );
}
vitest('Web unit tests', 'web', 'web', {});
// Two projects: most specs two at a time, then the fake-camera specs one at a time.
vitest('Browser tests in Chromium', 'e2e*', 'e2e', { TEST_DB: 'sqlite' });

if (dryRun) process.exit(0);

console.log('\n=== Summary ===');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  console.log(
    `${r.title}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds} s)`,
  );
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
}
failed = Math.max(failed, failedStages > 0 && failed === 0 ? failedStages : failed);
console.log(`\nTotal: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
