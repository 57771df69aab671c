/**
 * Trust and approval (tool-skills spec §6.2–6.3).
 *
 * - A skill of a source store (project or global) is a "user" skill: its
 *   SKILL.md must be approved (`skc approve`, or yes at the first-run
 *   prompt); the approval records a sha256 over SKILL.md and every skill
 *   file a tool's command names (its scripts), so any change to one of them
 *   needs approval again.
 * - A skill run by path, outside the stores, is untrusted: always asked,
 *   with a warning, and it can never be approved permanently.
 * - `always_ask` asks every time, even when read_only.
 * - An approved skill's `read_only` tools run without asking; other tools
 *   ask (in a terminal) or need `--yes`: only read-only tools may auto-run.
 *
 * The store is a JSON file in the global dir, keyed by the skill's canonical
 * source path (two skills with one name in two stores are two approvals).
 */

import { wrappedCommand, type WordsOfCommand } from "./interpreters.js"
import { literalOf } from "./template.js"

export type Trust = "user" | "untrusted"

export interface ApprovalRecord {
  readonly skill: string
  readonly sha256: string
  readonly approved_at: string
  /** The record's fields skc does not read (another tool's, a later skc's: `approved_by`), kept as written. */
  readonly more?: Readonly<Record<string, unknown>>
}

export interface ApprovalStore {
  readonly version: 1
  readonly approvals: Readonly<Record<string, ApprovalRecord>>
  /**
   * What the file holds that skc does not read, written back as it was (nothing stored is lost): keys beside
   * `version` and `approvals` (`trusted_dirs`), and entries of `approvals` that are no record of skc's.
   * A rewrite by `skc approve` dropped them without a word (an old-data probe).
   */
  readonly kept?: { readonly top: Readonly<Record<string, unknown>>; readonly entries: Readonly<Record<string, unknown>> }
}

export const EMPTY_STORE: ApprovalStore = { version: 1, approvals: {} }

const RECORD_FIELDS = new Set(["skill", "sha256", "approved_at"])

export const parseApprovalStore = (text: string): { readonly store: ApprovalStore } | { readonly problem: string } => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    return { problem: `not valid JSON (${(e as Error).message})` }
  }
  if (typeof data !== "object" || data === null || (data as { version?: unknown }).version !== 1) {
    return { problem: "unknown format (expected version 1)" }
  }
  const raw = (data as { approvals?: unknown }).approvals
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { problem: "'approvals' is not an object" }
  const approvals: Record<string, ApprovalRecord> = {}
  const entries: Record<string, unknown> = {}
  for (const [path, r] of Object.entries(raw as Record<string, unknown>)) {
    const rec = r as (Partial<ApprovalRecord> & Record<string, unknown>) | null
    if (rec && typeof rec === "object" && typeof rec.sha256 === "string" && typeof rec.skill === "string") {
      const more = Object.fromEntries(Object.entries(rec).filter(([k]) => !RECORD_FIELDS.has(k)))
      approvals[path] = { skill: rec.skill, sha256: rec.sha256, approved_at: String(rec.approved_at ?? ""), ...(Object.keys(more).length > 0 ? { more } : {}) }
    } else entries[path] = r
  }
  const top = Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([k]) => k !== "version" && k !== "approvals"))
  const kept = Object.keys(top).length > 0 || Object.keys(entries).length > 0 ? { kept: { top, entries } } : {}
  return { store: { version: 1, approvals, ...kept } }
}

/** The file's text: skc's records, each with the fields it does not read, and everything else it held, as it was. */
export const renderApprovalStore = (store: ApprovalStore): string => {
  const approvals: Record<string, unknown> = { ...(store.kept?.entries ?? {}) }
  for (const [path, r] of Object.entries(store.approvals)) approvals[path] = { ...(r.more ?? {}), skill: r.skill, sha256: r.sha256, approved_at: r.approved_at }
  return JSON.stringify({ ...(store.kept?.top ?? {}), version: 1, approvals }, null, 2) + "\n"
}

export type ApprovalState = "approved" | "changed" | "new"

export const approvalState = (store: ApprovalStore, canonicalPath: string, sha256: string): ApprovalState => {
  const rec = store.approvals[canonicalPath]
  return rec === undefined ? "new" : rec.sha256 === sha256 ? "approved" : "changed"
}

export interface ApprovalDecision {
  /** Whether a person must confirm this run. */
  readonly ask: boolean
  /** Why (shown in the prompt and in the refusal without a terminal). */
  readonly reason: string | undefined
  /** Whether the approval can be recorded (`skc approve` or the prompt helps). */
  readonly approvable: boolean
}

export const decideApproval = (input: {
  readonly trust: Trust
  readonly state: ApprovalState
  readonly readOnly: boolean
  readonly alwaysAsk: boolean
}): ApprovalDecision => {
  if (input.trust === "untrusted") {
    return { ask: true, reason: "the skill is outside the source stores (untrusted): every run is confirmed", approvable: false }
  }
  if (input.state === "new") return { ask: true, reason: "the skill has not been approved yet", approvable: true }
  if (input.state === "changed") return { ask: true, reason: "SKILL.md changed since it was approved, or a skill file one of its tools runs did", approvable: true }
  if (input.alwaysAsk) return { ask: true, reason: "the skill sets always_ask: every run is confirmed", approvable: false }
  if (!input.readOnly) return { ask: true, reason: "the tool is not read_only: only read-only tools run without confirmation", approvable: false }
  return { ask: false, reason: undefined, approvable: false }
}

/** What changed when an approval no longer holds: its digest covers SKILL.md and the skill files its tools run. */
export const APPROVED_FILES_CHANGED = "SKILL.md or a file its tools run changed"

/**
 * Whether an MCP client may call the tool: the skill's current SKILL.md is
 * approved and it does not ask every time. There is nobody to ask over MCP;
 * the client's own confirmation (guided by readOnlyHint) takes that role.
 */
export const mcpRunnable = (trust: Trust, state: ApprovalState, alwaysAsk: boolean): boolean =>
  trust === "user" && state === "approved" && !alwaysAsk

/**
 * The skill files a tool's command names (issue 19): the program when it is a
 * relative path (`./scripts/deploy.sh`), and every argument written wholly as
 * literal text that may name a file from the skill root (`python3 ./scripts/x.py`,
 * `scripts/lib.sh`, `node index.js`, the value of `--require=./hook.js`). The caller keeps those that are regular files inside the
 * skill root; their bytes are hashed together with SKILL.md, so editing a
 * script after approval asks again.
 */
export const namedFileCandidates = (
  commands: ReadonlyArray<{ readonly program: string; readonly args: ReadonlyArray<ReadonlyArray<{ readonly _tag: string; readonly text?: string }>> } | undefined>
): ReadonlyArray<string> => {
  const out = new Set<string>()
  // Every relative word, not only one with a slash: `python3 dump.py` ran the project's `dump.py` unhashed
  // (a tool-skill probe); and the value of an option written with `=` (`--require=./scripts/hook.js`).
  const consider = (text: string) => {
    if (text.includes("\0") || text === "" || text === "." || text === ".." || text.startsWith("/")) return
    if (!text.startsWith("-")) return void out.add(text)
    const eq = text.indexOf("=")
    if (eq > 0) consider(text.slice(eq + 1))
  }
  for (const command of commands) {
    if (command === undefined) continue
    consider(command.program)
    for (const arg of command.args) {
      if (arg.length > 0 && arg.every((f) => f._tag === "Literal")) consider(arg.map((f) => f.text ?? "").join(""))
    }
  }
  return [...out]
}

/** Programs that load the code a following word names (with `.exe` on Windows, a version suffix); the shells run a script file. */
const INTERPRETERS = /^(node|nodejs|deno|bun|python|python[23](\.\d+)?|pypy3?|ts-node|tsx|ruby|perl|php|r?bash|sh|dash|zsh|ksh|ksh93|mksh|yash|t?csh|ash|posh)(\.exe)?$/i

/** Extensions an interpreter adds to a name given without one (node, python's `-m`, ts-node and tsx): `node ./hook` loads `hook.js`. */
export const IMPLIED_EXTENSIONS = [".js", ".mjs", ".cjs", ".ts", ".py"] as const

/** Where a longer argument (a shell's `-c` string, `node -e` code, a message) breaks into words. */
const WORD_BREAKS = /[\s'"`;|&()<>,{}$=:!]+/

/**
 * The words written as paths inside a longer argument of a command (`sh -c './scripts/s.sh | sort'`, `node -e
 * "require('./lib/x.js')"`): each is read from the working directory — the project's — by whatever runs the
 * argument as code, and no approval can pin a word inside an argument to the skill's file. A word that
 * names a file of the skill is refused by `skc run` (src/app/tools/run.ts) and SKL517: a tool-skill probe's
 * project ran its own `scripts/s.sh`, and created a file, under an approved read-only skill. An argument
 * that is one word (`scripts/s.sh`, `--require=./hook.js`) is pinned whole (`skillFileArguments`) and is
 * not listed; neither are absolute paths, options, variables or globs.
 */
export const embeddedPathWords = (command: WordsOfCommand): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const arg of command.args) {
    const text = literalOf(arg)
    if (text === undefined) continue
    const whole = text.startsWith("-") && text.indexOf("=") > 0 ? text.slice(text.indexOf("=") + 1) : text
    const words = text.split(WORD_BREAKS).filter((w) => w !== "")
    for (const w of words) {
      if (w === text || w === whole || w.startsWith("/") || w.startsWith("-") || w.startsWith("~") || /[*?[\]\\]/.test(w)) continue
      if (looksLikeScriptPath(w)) out.add(w)
    }
  }
  return [...out]
}

/** Options of those programs that take the next word as their value (`node -r hook main`): that word is not the script. */
const OPTION_WITH_VALUE = new Set(["-r", "--require", "--import", "--loader", "-e", "--eval", "-c", "-W", "-X"])
/** The shells among them, whose options mostly take no value. */
const SHELLS = /^(r?bash|sh|dash|zsh|ksh|ksh93|mksh|yash|t?csh|ash|posh)(\.exe)?$/i
/** A shell's options that take the next word as their value (`bash -o pipefail x.sh`). */
const SHELL_OPTION_WITH_VALUE = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"])

/**
 * The words of a command that name code to run: its program, and for an interpreter the first literal word
 * that is no option or option value (its script, or the module after `-m`). Such a word, when it names
 * skill content only a program's own lookup completes (a directory, a file without its extension), would
 * be found from the working directory — the project's — and is refused (src/app/tools/run.ts); a word
 * that is a plain argument (`grep -r TODO src`) is not code.
 */
export const codeWords = (command: WordsOfCommand): ReadonlyArray<string> => {
  // Behind a wrapper (`env X=1 ./x.sh`, `timeout 5 bash x.sh`) the wrapped program and its script are code
  // too; the wrapped program is a file of the skill only when written as a path (`env X=1 python3 …` is not).
  const wrapped = wrappedCommand(command)
  if (wrapped !== undefined) return [command.program, ...codeWords(wrapped).filter((w, i) => i > 0 || w.includes("/"))]
  const base = command.program.replace(/^.*[\\/]/, "")
  if (!INTERPRETERS.test(base)) return [command.program]
  const args = command.args.map((arg) => (arg.every((f) => f._tag === "Literal") ? arg.map((f) => f.text ?? "").join("") : undefined))
  // A shell's `-e`, `-x`, `-u` take no value (`bash -e scripts/a.sh` runs scripts/a.sh: a hostile probe found
  // it unseen); its `-o`/`-O` do; with `-c` the word after the command string is `$0`, not a script.
  const shell = SHELLS.test(base)
  const withValue = shell ? SHELL_OPTION_WITH_VALUE : OPTION_WITH_VALUE
  const script =
    shell && args.some((a) => a !== undefined && /^-[A-Za-z]*c[A-Za-z]*$/.test(a))
      ? undefined
      : args.find((a, i) => a !== undefined && !a.startsWith("-") && !a.startsWith("+") && (i === 0 || !withValue.has(args[i - 1] ?? "")))
  // What `node -r ./hook` or `--import=./setup` loads is code as well: named without its extension, it was
  // found from the project (the working directory), and the skill's own `hook.js` never ran (a probe).
  const loaded = args.flatMap((a, i) => {
    if (a === undefined) return []
    if (i > 0 && LOADS_CODE.has(args[i - 1] ?? "") && !a.startsWith("-")) return [a]
    const eq = a.indexOf("=")
    return eq > 0 && LOADS_CODE.has(a.slice(0, eq)) ? [a.slice(eq + 1)] : []
  })
  return [command.program, ...(script === undefined ? [] : [script]), ...loaded]
}

/** Options whose value an interpreter loads as code (a module to require or import, a loader). */
const LOADS_CODE = new Set(["-r", "--require", "--import", "--loader", "--experimental-loader"])

/**
 * The digest an approval records: the sha256 of SKILL.md alone when the tools
 * name no skill file (so approvals recorded before issue 19 stay valid), else
 * the sha256 of `SKILL.md\0<hex>\n` followed by `<path>\0<hex>\n` per named
 * file sorted by path — any change to any of them changes the digest.
 */
export const approvalDigestInput = (skillMdHex: string, files: ReadonlyArray<readonly [path: string, hex: string]>): string | undefined => {
  if (files.length === 0) return undefined
  const sorted = [...files].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  let text = `SKILL.md\0${skillMdHex}\n`
  for (const [p, h] of sorted) text += `${p}\0${h}\n`
  return text
}

/**
 * Whether a word a program loads as code is written as a path (`scripts/setup.sh`, `main.py`): a slash, or a
 * script's extension. Such a word the skill does not hold would be the project's file of that name when the
 * command runs in the project's directory; a bare module name (`python3 -m pytest`) is the interpreter's own
 * lookup, not a file the skill names.
 */
export const looksLikeScriptPath = (word: string): boolean => word.includes("/") || /\.(sh|bash|zsh|py|js|mjs|cjs|ts|mts|cts|rb|pl|php)$/i.test(word)
