/**
 * The library surface of skillc for embedders: use cases, ports, layers,
 * schemas and error types. The CLI and the MCP server are built from the
 * same pieces.
 */
import { Layer } from "effect"
import * as NodePath from "@effect/platform-node/NodePath"
import { nodeFileSystem } from "./adapters/node/NodeFileSystem.js"
import { makeNodeEnv } from "./adapters/node/NodeEnv.js"
import { NodeHasherLive } from "./adapters/node/NodeHasher.js"
import { collectingDiagnostics, Diagnostics, type DiagnosticsService } from "./ports/Diagnostics.js"
import { Env } from "./ports/Env.js"
import { FileSystem } from "./ports/FileSystem.js"
import { SettingsLive } from "./app/Settings.js"
import type { Tokenizer } from "./domain/config.js"

export * from "./domain/errors.js"
export * from "./domain/skillName.js"
export * from "./domain/config.js"
export { FileSystem, FsError, type FileSystemService } from "./ports/FileSystem.js"
export { Env, type EnvService } from "./ports/Env.js"
export { Diagnostics, collectingDiagnostics, type DiagnosticsService } from "./ports/Diagnostics.js"
export { Settings, loadSettings, SettingsLive, type Stores, type SettingsService } from "./app/Settings.js"
export { resolveSkill, type ResolvedSkill, type SkillScope } from "./app/resolve.js"
export { Hasher, type HasherService } from "./ports/Hasher.js"
export { nodeHasher, NodeHasherLive } from "./adapters/node/NodeHasher.js"
export {
  scanSourceTree,
  sourceHash,
  currentSourceHash,
  combineSourceHash,
  type SourceTree,
  type SourceFile,
  type FileHashCache,
  type FileHashCacheEntry
} from "./app/sourceTree.js"
export { compareBytewise, isMarkdownPath } from "./domain/sourcePaths.js"
export { init, skillTemplate, type InitInput, type InitResult } from "./app/init.js"
export { makeMemoryFileSystem, MemoryFileSystemLayer, type MemoryFileSystem } from "./adapters/memory/MemoryFileSystem.js"
export { makeMemoryEnv, MemoryEnvLayer } from "./adapters/memory/MemoryEnv.js"
export { nodeFileSystem } from "./adapters/node/NodeFileSystem.js"
export { makeNodeEnv } from "./adapters/node/NodeEnv.js"

/**
 * Everything a use case needs, on the real machine. Warnings are collected
 * (not printed) unless a `diagnostics` service is given.
 */
export const makeLiveLayer = (options: {
  readonly cwd?: string
  readonly env?: Record<string, string | undefined>
  readonly diagnostics?: DiagnosticsService
  readonly cliTokenizer?: Tokenizer
} = {}) => {
  const base = Layer.mergeAll(
    Layer.succeed(FileSystem, nodeFileSystem),
    Layer.succeed(Env, makeNodeEnv({ ...(options.cwd ? { cwd: options.cwd } : {}), ...(options.env ? { env: options.env } : {}) })),
    NodePath.layer,
    NodeHasherLive,
    Layer.succeed(Diagnostics, options.diagnostics ?? collectingDiagnostics().service)
  )
  return Layer.merge(base, SettingsLive(options.cliTokenizer ? { cliTokenizer: options.cliTokenizer } : {}).pipe(Layer.provide(base)))
}
