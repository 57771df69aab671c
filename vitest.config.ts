import { defineConfig } from "vitest/config"

// Two cores on CI machines: end-to-end tests spawn real processes, so keep the
// pool small and give process-heavy tests room (no wall-clock assertions).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/helpers/globalSetup.ts"],
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 60_000,
    hookTimeout: 60_000
  }
})
