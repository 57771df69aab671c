/**
 * Where things live and what the configuration says, resolved once per
 * invocation (RFC-0009, DECISIONS #14).
 *
 * The project root is the nearest ancestor of the cwd (the cwd included)
 * holding a `.skillc/` directory, never the home directory (`$SKILLC_HOME` or
 * the real home): a home's `.skillc` is the global store, not a project.
 */
import { Context, Effect, Layer } from "effect"
import { Path } from "effect/Path"
import {
  parseConfigFile,
  parseTokenizerEnv,
  resolveConfig,
  type ConfigLayer,
  type ResolvedConfig,
  type Tokenizer
} from "../../domain/config.js"
import { Warning, warningText, type SkcWarning } from "../../domain/errors.js"
import { expandHome, looksLikePath } from "../../domain/targets.js"
import { Diagnostics, type DiagnosticsService } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"

export interface Stores {
  readonly cwd: string
  readonly home: string
  /** `<home>/.skillc` */
  readonly globalDir: string
  readonly globalSkills: string
  readonly globalRuntime: string
  /** The project root (the directory holding `.skillc/`), if any. */
  readonly projectRoot: string | undefined
  readonly projectSkills: string | undefined
  readonly projectRuntime: string | undefined
  /**
   * Whether the skills of this account are in scope besides the project's: the
   * global store and the agents' user-level directories. False for a session
   * of the team server (`skc mcp --http`): a token holder reads the served
   * projects' skills and nothing else of the operator's (docs/team.md).
   */
  readonly personal: boolean
}

/** The global source store when the account's own skills are in scope (`Stores.personal`), else none. */
export const servedGlobalSkills = (stores: Stores): string | undefined => (stores.personal ? stores.globalSkills : undefined)

export interface SettingsService {
  readonly stores: Stores
  readonly config: ResolvedConfig
  /**
   * What reading the configuration files reported (each also said on stderr as it was read): a file
   * ignored, a key or value ignored. `lint --format sarif` carries them as tool configuration
   * notifications, so a broken config that relaxed a CI gate is in the log code scanning reads.
   */
  readonly configProblems?: ReadonlyArray<{ readonly level: "error" | "warning"; readonly message: string }>
}

export class Settings extends Context.Service<Settings, SettingsService>()("skillc/Settings") {}

/**
 * Walk up from `cwd` to the first directory with a `.skillc/` directory, skipping the homes, and skipping
 * a `.skillc/` that holds nothing but `logs/`: the fallback logs a sandboxed command writes in its cwd
 * (RFC-0007:C-LOGGING) make that, and taken for a project it moved the project root to wherever an
 * agent happened to run — `skc sync` from there then merged the rows into a runtime store nothing reads,
 * and tools ran in that directory. Such a directory is a place to sync from, not a project.
 */
export const onlyFallbackLogs = Effect.fnUntraced(function* (skillcDir: string) {
  const fs = yield* FileSystem
  // Recovery: a `.skillc/` that cannot be listed is taken for a project, as before this check.
  const entries = yield* fs.readDir(skillcDir).pipe(Effect.orElseSucceed(() => [{ name: "?" }]))
  return entries.length === 1 && entries[0]!.name === "logs"
})

/**
 * The home directories (`$SKILLC_HOME` and the real one), resolved: never a project root (DECISIONS #14).
 * An empty home would resolve to the cwd and hide the project: only absolute homes count.
 */
export const homeDirs = (env: { readonly home: string; readonly realHome: string }, path: { isAbsolute(p: string): boolean; resolve(...p: Array<string>): string }): ReadonlySet<string> =>
  new Set([env.home, env.realHome].filter((h) => path.isAbsolute(h)).map((h) => path.resolve(h)))

export const findProjectRoot = Effect.gen(function* () {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const homes = homeDirs(env, path)
  let dir = path.resolve(env.cwd)
  for (;;) {
    if (!homes.has(dir)) {
      const info = yield* fs.statOption(path.join(dir, ".skillc")).pipe(unseenAs(undefined))
      if (info?.type === "directory" && !(yield* onlyFallbackLogs(path.join(dir, ".skillc")))) return dir
    }
    const parent = path.dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
})

export const computeStores = Effect.gen(function* () {
  const path = yield* Path
  const env = yield* Env
  const projectRoot = yield* findProjectRoot
  const globalDir = path.join(env.home, ".skillc")
  const stores: Stores = {
    cwd: path.resolve(env.cwd),
    home: env.home,
    globalDir,
    globalSkills: path.join(globalDir, "skills"),
    globalRuntime: path.join(globalDir, "runtime"),
    projectRoot,
    projectSkills: projectRoot === undefined ? undefined : path.join(projectRoot, ".skillc", "skills"),
    projectRuntime: projectRoot === undefined ? undefined : path.join(projectRoot, ".skillc", "runtime"),
    personal: true
  }
  return stores
})

/** TOML is UTF-8: anything else is refused, not read with replacement characters. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true })

/**
 * The most a config file may hold. A real one is a few hundred bytes; a 56 MB
 * file of keys took 33 s and 2.2 GB to read and printed a warning per key
 * (sixty-second pass's probe), so a larger file is refused before it is read.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024

/**
 * The most problems printed for one config file: past it one line counts the
 * rest, so a file of ten thousand unknown keys is not ten thousand lines.
 */
export const MAX_CONFIG_PROBLEMS = 20

const readLayer = (file: string, label: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const diagnostics = yield* Diagnostics
    // One `stat` before any read (its answer bounds the read); a file that is not there, the usual case, ends here,
    // not in a second failing call. Other failures are the read's to say.
    const info = yield* fs.stat(file).pipe(
      Effect.map((i): { readonly size: number; readonly type: string } | "absent" | undefined => i),
      Effect.catch((e) => Effect.succeed(e.code === "ENOENT" || e.code === "ENOTDIR" ? ("absent" as const) : undefined))
    )
    if (info === "absent") return undefined
    if (info !== undefined && info.type === "file" && info.size > MAX_CONFIG_BYTES) {
      yield* diagnostics.warn(
        Warning.nonFatalError(`cannot read ${label}: ${info.size} bytes, more than a config file may hold (${MAX_CONFIG_BYTES}); file ignored`)
      )
      return undefined
    }
    const bytes = yield* fs.readFile(file).pipe(
      Effect.map((b): Uint8Array | undefined => b),
      Effect.catch((e) =>
        e.code === "ENOENT" || e.code === "ENOTDIR"
          ? Effect.succeed(undefined)
          : diagnostics.warn(Warning.nonFatalError(`cannot read ${label}: ${e.code}; file ignored`)).pipe(Effect.as(undefined))
      )
    )
    if (bytes === undefined) return undefined
    // TOML is UTF-8: a byte that is not (a Latin-1 `é`) became U+FFFD, and a build deployed to `caf\uFFFD/`.
    let text: string
    try {
      text = strictUtf8.decode(bytes)
    } catch {
      yield* diagnostics.warn(Warning.nonFatalError(`invalid TOML in ${label}: not UTF-8 text (TOML files are UTF-8); file ignored`))
      return undefined
    }
    const parsed = parseConfigFile(text, label)
    for (const p of parsed.problems.slice(0, MAX_CONFIG_PROBLEMS)) {
      yield* diagnostics.warn(p.level === "error" ? Warning.nonFatalError(p.message) : Warning.notice(p.message))
    }
    const unshown = parsed.problems.length - MAX_CONFIG_PROBLEMS
    if (unshown > 0) yield* diagnostics.warn(Warning.notice(`${unshown} more problems in ${label} not shown (the first ${MAX_CONFIG_PROBLEMS} are above)`))
    return parsed.layer
  })

/** Build the settings for one invocation; `cliTokenizer` is the highest-precedence override. */
export const loadSettings = (options: { readonly cliTokenizer?: Tokenizer } = {}) => Effect.flatMap(computeStores, (stores) => settingsFor(stores, options))

/** The config files that apply with these stores: the global one, then the project's. */
const configFiles = (stores: Stores, path: { join: (...parts: Array<string>) => string }) =>
  [path.join(stores.globalDir, "config.toml"), ...(stores.projectRoot === undefined ? [] : [path.join(stores.projectRoot, ".skillc", "config.toml")])]

/**
 * `loadSettings` for a long-lived process (the MCP server, issue 16): the
 * stores are computed on every call (a project created between calls is
 * seen), and the config files are read and validated again only when one of
 * them changed (size or modification time), was created or removed, or
 * `SKILLC_TOKENIZER` changed. The warnings of the load are given again on
 * every call, as a fresh load would give them.
 */
export const makeSettingsCache = () => {
  let last: { readonly key: string; readonly settings: SettingsService; readonly warnings: ReadonlyArray<SkcWarning> } | undefined
  return Effect.gen(function* () {
    const fs = yield* FileSystem
    const env = yield* Env
    const path = yield* Path
    const diagnostics = yield* Diagnostics
    const stores = yield* computeStores
    const stamps: Array<string> = []
    for (const file of configFiles(stores, path)) {
      const info = yield* fs.statOption(file).pipe(unseenAs(undefined))
      // The inode's change time and identity too: a same-size edit that restores the old mtime (`cp -p`,
      // `rsync -t`, `tar`) kept a server on the old configuration.
      stamps.push(info === undefined ? "-" : `${info.type}:${info.size}:${info.mtimeMs}:${info.ctimeMs ?? ""}:${info.identity ?? ""}`)
    }
    const key = JSON.stringify([stores, stamps, env.get("SKILLC_TOKENIZER") ?? null])
    if (last !== undefined && last.key === key) {
      for (const w of last.warnings) yield* diagnostics.warn(w)
      return last.settings
    }
    const warnings: Array<SkcWarning> = []
    const recording = recordingWarnings(diagnostics, (w) => warnings.push(w))
    const settings = yield* settingsFor(stores, {}).pipe(Effect.provideService(Diagnostics, recording))
    last = { key, settings, warnings }
    return settings
  })
}

/** The project's config file as its messages name it: relative to the cwd (`.skillc/config.toml` at the project root, `../.skillc/config.toml` one below). */
const projectConfigLabel = (stores: Stores, path: { relative: (from: string, to: string) => string; join: (...parts: Array<string>) => string }): string =>
  stores.projectRoot === undefined ? ".skillc/config.toml" : path.relative(stores.cwd, path.join(stores.projectRoot, ".skillc", "config.toml")).split("\\").join("/")

/** `diagnostics` that also hand each warning to `record` before saying it. */
const recordingWarnings = (diagnostics: DiagnosticsService, record: (w: SkcWarning) => void): DiagnosticsService => ({
  ...diagnostics,
  warn: (w) => Effect.andThen(Effect.sync(() => void record(w)), diagnostics.warn(w))
})

const settingsFor = (stores: Stores, options: { readonly cliTokenizer?: Tokenizer }) =>
  Effect.gen(function* () {
    const env = yield* Env
    const diagnostics = yield* Diagnostics
    const path = yield* Path
    // The files' problems, said on stderr as they are read and kept for the settings (`configProblems`).
    const problems: Array<{ readonly level: "error" | "warning"; readonly message: string }> = []
    const recording = recordingWarnings(diagnostics, (w) => problems.push({ level: w._tag === "NonFatalError" ? "error" : "warning", message: warningText(w) }))
    const global: ConfigLayer | undefined = yield* readLayer(path.join(stores.globalDir, "config.toml"), "~/.skillc/config.toml").pipe(Effect.provideService(Diagnostics, recording))
    const project: ConfigLayer | undefined =
      stores.projectRoot === undefined
        ? undefined
        : // Named from where the command runs: from a subdirectory, `.skillc/config.toml` named no file there.
          yield* readLayer(path.join(stores.projectRoot, ".skillc", "config.toml"), projectConfigLabel(stores, path)).pipe(Effect.provideService(Diagnostics, recording))
    // RFC-0009 style: a path in a config file is relative to where that file belongs; `~/…` is the home, as in [targets].
    // The directories of `[targets]` and the paths of `[build] targets` too (their `~` is expanded where they deploy):
    // resolved against the cwd, one committed config deployed to `sub/relskills` when built from `sub`.
    const relativeTo = (base: string) => (p: string) => (p.startsWith("~") || path.isAbsolute(p) ? p : path.resolve(base, p))
    const anchored = (layer: ConfigLayer | undefined, base: string): ConfigLayer | undefined => {
      if (layer === undefined) return layer
      const at = relativeTo(base)
      return {
        ...layer,
        ...(layer.pluginDirs === undefined ? {} : { pluginDirs: layer.pluginDirs.map((d) => path.resolve(base, expandHome(d, stores.home, path.join))) }),
        ...(layer.targets === undefined ? {} : { targets: Object.fromEntries(Object.entries(layer.targets).map(([name, dir]) => [name, at(dir)])) }),
        ...(layer.buildTargets === undefined ? {} : { buildTargets: layer.buildTargets.map((t) => (looksLikePath(t) ? at(t) : t)) })
      }
    }
    const fromEnv = parseTokenizerEnv(env.get("SKILLC_TOKENIZER"))
    if (fromEnv.problem !== undefined) yield* diagnostics.warn(Warning.notice(fromEnv.problem.message))
    const config = resolveConfig({
      cliTokenizer: options.cliTokenizer,
      envTokenizer: fromEnv.tokenizer,
      project: anchored(project, stores.projectRoot ?? stores.cwd),
      global: anchored(global, path.resolve(stores.home))
    })
    yield* diagnostics.verbose(
      `project root: ${stores.projectRoot ?? "(none)"}; global store: ${stores.globalDir}; tokenizer: ${config.tokenizer} (${config.tokenizerSource})` +
        (config.pluginDirs.length > 0 ? `; plugin dirs: ${config.pluginDirs.join(", ")}` : "")
    )
    return { stores, config, ...(problems.length === 0 ? {} : { configProblems: problems }) } satisfies SettingsService
  })

export const SettingsLive = (options: { readonly cliTokenizer?: Tokenizer } = {}) =>
  Layer.effect(Settings, loadSettings(options))
