// npm test: the whole suite. Static checks, the server suite on SQLite (and again on
// PostgreSQL when DATABASE_URL is postgres://...), then the browser tests in Chromium.
// TEST_ALSO_ON_NODE=/path/to/node runs the server suite on SQLite once more with that Node
// binary (CI: the oldest supported line beside the current LTS).
// Every stage runs even when an earlier one fails, and the last line sums them up.
// `npm test -- --dry-run` prints the stages and their commands without running them.
//
// CI machines have two cores; stages that leave one idle share the machine (docs/decisions.md,
// "CI time: stages side by side"): the parts of the static checks run together, with the web
// build for the browser tests beside them; the fake-camera browser specs run beside the
// PostgreSQL pass, and the server suite on the second Node line beside the other browser specs.
// A stage that runs beside another prints its output in one piece once the stage in front ends.
import './node-version.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';

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
/** What the stages that ran beside others printed, shown once the stage in front has ended. */
const besideOutput = [];
function showBesideOutput() {
  process.stdout.write(Buffer.concat(besideOutput.splice(0)));
}

function describe(command, args, env) {
  const vars = Object.entries(env).map(([k, v]) => `${k}=${k === 'DATABASE_URL' ? '…' : v} `);
  const shown = command === process.execPath ? 'node' : path.relative(root, command) || command;
  return `${vars.join('')}${shown} ${args.join(' ')}`;
}

/**
 * Runs one command. `quiet`: its output is kept and printed in one piece when it ends (it runs
 * beside another stage whose output goes straight through).
 */
function run(title, command, args, env = {}, { quiet = false } = {}) {
  if (dryRun) {
    console.log(`\n=== ${title} ===${quiet ? ' (beside another stage)' : ''}`);
    console.log(describe(command, args, env));
    return Promise.resolve({ ok: true, seconds: '0.0' });
  }
  if (!quiet) console.log(`\n=== ${title} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    if (quiet) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const done = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (quiet) {
        besideOutput.push(
          Buffer.from(`\n=== ${title} === (ran beside other stages; ${seconds} s)\n`),
          ...output,
        );
      }
      const ok = status === 0;
      if (!ok) failedStages++;
      resolve({ ok, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (status) => done(status));
  });
}

/** Runs one vitest project (or several, by pattern) and records its counts from the JSON report. */
async function vitest(title, projects, reportName, env, { node = null, quiet = false } = {}) {
  const report = path.join(outDir, `${reportName}.json`);
  if (!dryRun) fs.rmSync(report, { force: true });
  const { ok, seconds } = await run(
    title,
    node ?? bin('vitest'),
    [
      ...(node ? [path.join(root, 'node_modules', 'vitest', 'vitest.mjs')] : []),
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      // vitest's results cache (node_modules/.vite/vitest/results.json) is one file, read at
      // start and rewritten at the end: a stage beside another neither reads nor writes it.
      ...(quiet ? ['--no-cache'] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
    { quiet },
  );
  let passed = 0;
  let failed = ok ? 0 : 1;
  let skipped = 0;
  let failures = [];
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests + (ok ? 0 : json.numFailedTests === 0 ? 1 : 0);
    skipped = json.numPendingTests + json.numTodoTests;
    failures = failedTests(json);
  }
  return { title, passed, failed, skipped, seconds, failures };
}

/**
 * The failed tests of a JSON report, each with its file and the first lines of its message: a
 * CI log is often read only from its end, and a stage that ran beside another printed its own
 * lines far above the summary.
 */
function failedTests(json) {
  const failures = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      // vitest's JSON gives a timed-out test the message "STACK_TRACE_ERROR": its duration
      // against the test's timeout tells.
      const message = (test.failureMessages ?? [])
        .join('\n')
        .split('\n')
        .filter((line) => !line.includes('/node_modules/'))
        .slice(0, 4);
      const seconds = ((test.duration ?? 0) / 1000).toFixed(1);
      failures.push(
        `${where} > ${test.fullName} (${seconds} s)\n${message.map((line) => `    ${line}`).join('\n')}`,
      );
    }
    // A file that failed before any test ran (an import error, a hook) has no failed test.
    if (
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((t) => t.status === 'failed')
    ) {
      failures.push(`${where}\n    ${(file.message ?? 'the file failed').split('\n')[0]}`);
    }
  }
  return failures;
}

/**
 * `npm run check`, its parts side by side: each is one process on one core (tsc, eslint,
 * prettier, redocly). The parts come from package.json, so `npm run check` stays the one list.
 */
async function staticChecks() {
  const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
  const parts = scripts.check.split('&&').map((part) => /^npm run (\S+)$/.exec(part.trim())[1]);
  if (dryRun) {
    console.log('\n=== Static checks: typecheck, lint, format ===');
    console.log(parts.map((p) => `npm run --silent ${p}`).join(' & '));
    return { ok: true, seconds: '0.0' };
  }
  console.log('\n=== Static checks: typecheck, lint, format ===');
  const started = Date.now();
  const outcomes = await Promise.all(
    parts.map((part) =>
      run(`Static checks: ${part}`, 'npm', ['run', '--silent', part], {}, { quiet: true }),
    ),
  );
  showBesideOutput();
  return {
    ok: outcomes.every((o) => o.ok),
    seconds: ((Date.now() - started) / 1000).toFixed(1),
  };
}

/** The web app the browser tests serve, built beside the static checks (global setup then finds it current). */
function webBuild() {
  return run(
    'Web build for the browser tests',
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { ensureWebBuild } from './scripts/web-build.mjs'; ensureWebBuild();",
    ],
    {},
    { quiet: true },
  );
}

const building = webBuild();
const check = await staticChecks();
results.push({
  title: 'Static checks',
  passed: check.ok ? 1 : 0,
  failed: check.ok ? 0 : 1,
  skipped: 0,
  seconds: check.seconds,
});

results.push(
  await vitest('Server tests on SQLite', ['server'], 'server-sqlite', { TEST_DB: 'sqlite' }),
);

/**
 * The fake-camera specs, one at a time and never beside another browser (their decoder must see
 * every label while the video shows it). They keep a fifth of the two cores busy (77 CPU s in
 * 186 s), so in CI they run beside the PostgreSQL pass, which has no browser.
 */
async function cameraSpecs({ quiet }) {
  // A failed build shows its output later; the camera specs' global setup builds again and fails.
  await building;
  return vitest(
    'Browser tests in Chromium, fake camera, one at a time',
    ['e2e-camera'],
    'e2e-camera',
    { TEST_DB: 'sqlite' },
    { quiet },
  );
}

let camera = null;
if (postgresUrl) {
  const cameraBeside = cameraSpecs({ quiet: true });
  results.push(
    await vitest('Server tests on PostgreSQL', ['server'], 'server-postgres', {
      TEST_DB: 'postgres',
      DATABASE_URL: postgresUrl,
    }),
  );
  camera = await cameraBeside;
  showBesideOutput();
} else {
  console.log(
    '\n(PostgreSQL run skipped: set DATABASE_URL=postgres://user:pass@host/db to run the server suite on PostgreSQL too.)',
  );
}
results.push(await vitest('Web unit tests', ['web'], 'web', {}));
await building;
showBesideOutput();

// The other browser specs two at a time, with the server suite on the other Node line beside
// them (the browser specs leave about half of the two cores idle).
const otherNode = process.env.TEST_ALSO_ON_NODE;
const besideBrowser = [];
if (otherNode) {
  const version = spawnSync(otherNode, ['--version'], { encoding: 'utf8' }).stdout.trim();
  besideBrowser.push(
    vitest(
      `Server tests on SQLite, Node ${version}`,
      ['server'],
      'server-sqlite-other-node',
      // Its folder first on PATH, so what the tests spawn runs on that Node too.
      { TEST_DB: 'sqlite', PATH: `${path.dirname(otherNode)}${path.delimiter}${process.env.PATH}` },
      { node: otherNode, quiet: true },
    ),
  );
}
const browser = await vitest('Browser tests in Chromium', ['e2e'], 'e2e', { TEST_DB: 'sqlite' });
results.push(...(await Promise.all(besideBrowser)));
showBesideOutput();
camera ??= await cameraSpecs({ quiet: false });
results.push(browser, camera);

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
const failures = results.flatMap((r) => (r.failures ?? []).map((f) => `[${r.title}] ${f}`));
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
failed = Math.max(failed, failedStages > 0 && failed === 0 ? failedStages : failed);
console.log(`\nTotal: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
