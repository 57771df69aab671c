import { defineConfig } from "vitest/config"

// Test files run in parallel, two at a time (CI and dev machines may have
// only two cores, and end-to-end tests spawn real processes on top of the
// workers). What keeps that robust under load:
// - test bodies never block their worker: processes are spawned
//   asynchronously (test/helpers/cli.ts `runAsync`, `skcAsync`,
//   `spawnAsync`), so the worker always answers vitest's RPC; a body spending
//   a minute in `spawnSync` is what used to fail runs with "Timeout calling
//   onTaskUpdate";
// - forks, not threads, and one fork runs many files in turn (`isolate:
//   false`): a fresh process and module graph per file cost about 0.5 s of
//   CPU each, a third of the suite's time on two cores (issue 28: 185 s →
//   153 s). So a test file leaves the process as it found it: it closes
//   what it opens (servers, SQLite connections, watchers), restores what it
//   stubs (`mockRestore`), and restores environment variables it sets;
//   module-level caches in src hold nothing a later file could see as a
//   different answer (they are keyed by path and checked against the disk);
// - generous timeouts: a loaded machine is slow, never wrong. No test asserts
//   wall-clock times.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/globalSetup.ts"],
    setupFiles: ["test/helpers/fastCheckSeed.ts", "test/helpers/tempDirs.ts"],
    pool: "forks",
    fileParallelism: true,
    isolate: false,
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000
  }
})
