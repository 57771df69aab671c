// A setup file (vitest.config.ts): after each test file, the temp directories its tests made with `tempDir`
// (test/helpers/cli.ts) are removed, those made inside a test body included. Setup files run for every test
// file, also with `isolate: false`, where a helper module's own top-level hooks would register for the first
// file of a worker only.
import { afterAll } from "vitest"
import { removeTempDirs } from "./cli.js"

afterAll(removeTempDirs)
