import { defineConfig } from "vitest/config"

// Test files run in parallel, two at a time (CI and dev machines may have
// only two cores, and end-to-end tests spawn real processes on top of the
// workers). What keeps that robust under load:
// - test bodies never block their worker: processes are spawned
//   asynchronously (test/helpers/cli.ts `runAsync`, `skcAsync`,
//   `spawnAsync`), so the worker always answers vitest's RPC; a body spending
//   a minute in `spawnSync` is what used to fail runs with "Timeout calling
//   onTaskUpdate";
// - forks, not threads: SQLite connections, process.emitWarning and other
//   process-wide state stay per file;
// - generous timeouts: a loaded machine is slow, never wrong. No test asserts
//   wall-clock times.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/globalSetup.ts"],
    setupFiles: ["test/helpers/fastCheckSeed.ts"],
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000
  }
})
