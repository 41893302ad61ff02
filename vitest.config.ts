import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Browser specs that play a video into a fake camera: the decoder must see every label in
// real time, so they run one at a time, after the others (see `sequence.groupOrder`).
const CAMERA_SPECS = [
  'test/e2e/fill-container.spec.ts',
  'test/e2e/offline-round-trip.spec.ts',
  'test/e2e/offline.spec.ts',
  'test/e2e/packing.spec.ts',
  'test/e2e/return-mode.spec.ts',
];

const e2e: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  globalSetup: ['test/e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // The default 1 s poll is too short for a page that fetches on a loaded 2-core machine.
  expect: { poll: { timeout: 10_000 } },
  // A browser test that fails is run once more before the suite fails: on shared 2-core
  // machines a page now and then misses a 30 s step (three different ones in three CI runs,
  // each passing alone). A real failure fails twice; the JSON report keeps every retry, so
  // a flaky test stays visible (docs/decisions.md, "CI time: test files two at a time").
  retry: 1,
};

// CI machines have two cores. Test files spend much of their time waiting (the database,
// password hashing on the thread pool, a browser, child processes), so two files at a time
// keep both cores busy; vitest's default on two cores is one.
const TWO_AT_A_TIME = 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/common/**/*.test.ts',
            'test/server/**/*.test.ts',
          ],
          environment: 'node',
          // One migrated database per engine, which each test file's database copies.
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
          maxWorkers: TWO_AT_A_TIME,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          maxWorkers: TWO_AT_A_TIME,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          exclude: CAMERA_SPECS,
          // Each file starts its own server on a free port and its own Chromium profile.
          maxWorkers: TWO_AT_A_TIME,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e-camera',
          include: CAMERA_SPECS,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
