/**
 * `skillc/ports`: the services every use case runs on, for an embedder who
 * provides its own (a virtual file system, a different environment):
 * file system, environment, hasher, diagnostics and progress. The ports of
 * one task are in that task's entry (`SearchIndex` in `skillc/search`,
 * `AccessLog` in `skillc/stats`, `ProcessRunner` and `Prompter` in
 * `skillc/tools`, `UsageHistory` in `skillc/protocol`).
 *
 * Its example is in docs/library.md (`skillc/ports`), run by
 * test/e2e/library.test.ts.
 */
export { FileSystem, FsError, type FileSystemService } from "../ports/FileSystem.js"
export { Env, type EnvService } from "../ports/Env.js"
export { Hasher, type HasherService } from "../ports/Hasher.js"
export { Diagnostics, collectingDiagnostics, type DiagnosticsService } from "../ports/Diagnostics.js"
export { Progress, type ProgressService } from "../ports/Progress.js"
