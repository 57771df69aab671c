/**
 * Deployment targets (RFC-0001:C-DEPLOYMENT, ADR-0002, DECISIONS #9).
 *
 * `--target` takes comma-separated entries. Each is a known agent name
 * (built in, or a `[targets]` entry of the config, which wins), or else a
 * directory path used as the agent skills directory as-is. Anything else is
 * an error: guessing where an unknown agent keeps its skills could write into
 * the wrong place.
 */

/** Built-in agent skill directories, relative to the home (`$SKILLC_HOME` when set). */
export const BUILTIN_TARGETS: Readonly<Record<string, string>> = {
  claude: "~/.claude/skills",
  codex: "~/.codex/skills",
  copilot: "~/.github/skills",
  cursor: "~/.cursor/skills",
  gemini: "~/.gemini/skills",
  kiro: "~/.kiro/skills",
  // OpenCode reads global skills from its XDG config directory.
  opencode: "~/.config/opencode/skills",
  trae: "~/.trae/skills"
}

export const DEFAULT_TARGET = "claude"

export interface TargetSpec {
  /** What the user wrote (a name or a path). */
  readonly label: string
  /** The agent skills directory: absolute, or `~/…`, or relative to the cwd. */
  readonly dir: string
  readonly kind: "known" | "path"
}

export type TargetProblem = { readonly _tag: "UnknownTarget"; readonly name: string; readonly known: ReadonlyArray<string> } | { readonly _tag: "EmptyTarget" }

/** A word that can only be meant as a directory. */
const looksLikePath = (s: string) =>
  s.includes("/") || s.includes("\\") || s.startsWith(".") || s.startsWith("~") || /^[A-Za-z]:/.test(s)

export const parseTargets = (
  value: string | undefined,
  configured: Readonly<Record<string, string>>
): { readonly targets: ReadonlyArray<TargetSpec> } | { readonly problem: TargetProblem } => {
  const table: Record<string, string> = { ...BUILTIN_TARGETS, ...configured }
  const words = (value ?? DEFAULT_TARGET).split(",").map((w) => w.trim())
  if (words.some((w) => w === "")) return { problem: { _tag: "EmptyTarget" } }
  const targets: Array<TargetSpec> = []
  const seen = new Set<string>()
  for (const w of words) {
    if (seen.has(w)) continue
    seen.add(w)
    if (Object.prototype.hasOwnProperty.call(table, w)) targets.push({ label: w, dir: table[w], kind: "known" })
    else if (looksLikePath(w)) targets.push({ label: w, dir: w, kind: "path" })
    else return { problem: { _tag: "UnknownTarget", name: w, known: Object.keys(table).sort() } }
  }
  return { targets }
}

export const describeTargetProblem = (p: TargetProblem): string =>
  p._tag === "EmptyTarget"
    ? "empty target in --target (give comma-separated agent names or directory paths)"
    : `unknown target '${p.name}' (known: ${p.known.join(", ")}; or give a directory path such as ./agent-skills)`

/** `~` and `~/…` expand to the home; other paths resolve against the cwd (done by the caller). */
export const expandHome = (dir: string, home: string, join: (...p: Array<string>) => string): string =>
  dir === "~" ? home : dir.startsWith("~/") || dir.startsWith("~\\") ? join(home, dir.slice(2)) : dir
