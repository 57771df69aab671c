/**
 * `skillc/build`: what building a skill is made of (RFC-0001, RFC-0004):
 * the inputs and results of `build` and `init`, compiling and writing a
 * runtime, the manifest, deploy targets, the source tree and its hash, and
 * skill names. The use cases themselves are in `skillc`.
 *
 * Its example is in docs/library.md (`skillc/build`), run by
 * test/e2e/library.test.ts.
 */
export { BuildInput, BuildResult, buildWithArtifacts } from "../app/build/build.js"
export { skillTemplate, type InitInput, type InitResult } from "../app/build/init.js"
export { compileSkill, writeRuntime, type Compiled, type MarkdownFile } from "../app/build/compile.js"
export { renderStub, type StubInput } from "../domain/stub.js"
export { Manifest, parseManifest, MANIFEST_VERSION, META_DIR, MANIFEST_FILE } from "../domain/manifest.js"
export { BUILTIN_TARGETS, parseTargets } from "../domain/targets.js"
export {
  scanSourceTree,
  sourceHash,
  currentSourceHash,
  type SourceTree,
  type SourceFile,
  type FileHashCache,
  type FileHashCacheEntry
} from "../app/shared/sourceTree.js"
export { MAX_NAME_LENGTH, nameProblem, describeNameProblem, titleCase, type NameProblem } from "../domain/skillName.js"
