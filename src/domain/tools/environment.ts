/**
 * The environment a tool runs in (tool-skills spec §5.1–5.2): only a few
 * harmless variables are inherited, anything that looks like a secret is
 * dropped even if it matched the inherit list, and the skill's identity is
 * injected under both skc's names and the spec's `GIBBERISH_*` names.
 */
import type { Mode } from "./model.js"

const INHERITED = new Set(["PATH", "HOME", "USER", "LANG", "TERM"])

/**
 * The locale categories of POSIX (and glibc's extensions to them): `LC_*`
 * means these, not any variable that happens to start so (`LC_PASSWORD`,
 * issue 29 item 5).
 */
const LOCALE = new Set([
  "LC_ALL",
  "LC_COLLATE",
  "LC_CTYPE",
  "LC_MESSAGES",
  "LC_MONETARY",
  "LC_NUMERIC",
  "LC_TIME",
  "LC_ADDRESS",
  "LC_IDENTIFICATION",
  "LC_MEASUREMENT",
  "LC_NAME",
  "LC_PAPER",
  "LC_TELEPHONE"
])

/** Blocked whatever else says: `*_TOKEN`, `*_KEY`, `*_SECRET`, `AWS_*`, `OPENAI_*`, `ANTHROPIC_*`, `GITHUB_TOKEN`. */
export const isSecretName = (name: string): boolean => {
  const upper = name.toUpperCase()
  return (
    upper === "GITHUB_TOKEN" ||
    upper.endsWith("_TOKEN") ||
    upper.endsWith("_KEY") ||
    upper.endsWith("_SECRET") ||
    upper.startsWith("AWS_") ||
    upper.startsWith("OPENAI_") ||
    upper.startsWith("ANTHROPIC_")
  )
}

export const isInherited = (name: string): boolean => (INHERITED.has(name) || LOCALE.has(name)) && !isSecretName(name)

/** An absolute directory: `/…`, or on Windows `C:\…`/`C:/…` and UNC `\\host\…` (a bare `\…` is drive-relative). */
const isAbsoluteDir = (entry: string, platform: string): boolean =>
  platform === "win32" ? /^(?:[A-Za-z]:[\\/]|[\\/]{2})/.test(entry) : entry.startsWith("/")

/**
 * The tool's `PATH` (docs/tool-skills.md: bare names are looked up on the
 * sanitised PATH): relative entries (`.`, `bin`) and empty ones (a leading,
 * trailing or doubled separator, which execvp reads as `.`) name directories
 * of whatever cwd the tool runs in, the project, so a project file named `git`
 * would replace the real program. Only absolute entries are kept; undefined
 * when none is left, since an empty PATH would itself mean the cwd.
 */
export const sanitisedPath = (value: string, platform: string): string | undefined => {
  const separator = platform === "win32" ? ";" : ":"
  const kept = value.split(separator).filter((entry) => isAbsoluteDir(entry, platform))
  return kept.length > 0 ? kept.join(separator) : undefined
}

export const toolEnvironment = (
  parent: Readonly<Record<string, string | undefined>>,
  skill: { readonly name: string; readonly dir: string; readonly mode: Mode },
  platform = "linux"
): Readonly<Record<string, string>> => {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(parent)) {
    if (value !== undefined && isInherited(name)) env[name] = value
  }
  if (env.PATH !== undefined) {
    const path = sanitisedPath(env.PATH, platform)
    if (path === undefined) delete env.PATH
    else env.PATH = path
  }
  env.SKC_SKILL_NAME = env.GIBBERISH_SKILL_NAME = skill.name
  env.SKC_SKILL_DIR = env.GIBBERISH_SKILL_DIR = skill.dir
  env.SKC_MODE = env.GIBBERISH_MODE = skill.mode
  return env
}

/** Python's programs (with a version suffix, or `.exe` on Windows). */
const PYTHON = /^(python[23]?(\.\d+)?|pypy3?)(\.exe)?$/i

/**
 * `python3 -c '…'` puts the working directory first on `sys.path`, and a tool runs in the project:
 * an approved tool that imports `json` loaded the project's `json.py` (a probe). `PYTHONSAFEPATH`
 * (Python 3.11 and later) leaves it out. Only for inline code: a script's own directory (the skill's,
 * where its sibling modules are) stays on the path.
 */
export const inlinePythonSafe = (
  program: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string>>
): Readonly<Record<string, string>> =>
  PYTHON.test(program.replace(/^.*[\\/]/, "")) && args.includes("-c") ? { ...env, PYTHONSAFEPATH: "1" } : env
