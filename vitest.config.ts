import { defineConfig } from "vitest/config"

// Two cores on CI machines, and the end-to-end tests spawn real processes
// (the logging concurrency test alone runs eight at a time). Test files run
// one after another: with two files in parallel, a file whose test body
// spends a minute in synchronous child processes cannot answer vitest's
// worker RPC in time ("Timeout calling onTaskUpdate"), which fails the run.
// No test asserts wall-clock times.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/globalSetup.ts"],
    setupFiles: ["test/helpers/fastCheckSeed.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
