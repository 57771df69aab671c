/**
 * `allowed-tools` and the protocol's Tool Permission Model.
 *
 * The field is a string (entries separated by spaces or commas, as both the
 * Agent Skills format and the protocol write it) or a YAML list. An entry is
 * `Tool` or `Tool(pattern)`; a pattern may contain spaces and commas, so the
 * splitter only splits outside parentheses.
 *
 * Enforcement ("Permission Enforcement"): no field → the agent's standard
 * approval (`ask`); a listed tool → `allow`; anything else → `deny`. That is
 * the protocol's restricted mode; an agent whose profile pre-approves instead
 * (Claude Code: `ToolModel` `unlisted: "ask"`) sends anything else to its
 * standard approval. Claude Code's `disallowed-tools` (same syntax, CHANGELOG
 * 2.1.152) is read by the same parser and overrides all of it: a removed tool
 * is `deny`.
 */
import { absolutePosix } from "../posixPath.js"

export interface ToolEntry {
  /** The entry as written, e.g. `Bash(git:*)`. */
  readonly raw: string
  readonly tool: string
  /** The text between the parentheses; `undefined` for a bare `Tool`. */
  readonly pattern: string | undefined
}

export type AllowedTools = ReadonlyArray<ToolEntry>

export type ParsedTools = { readonly _tag: "Parsed"; readonly tools: AllowedTools } | { readonly _tag: "Invalid"; readonly message: string }

/**
 * The protocol's list ("Valid values … etc.") plus the other built-in tools of current agent runtimes.
 * Claude Code's newer tools are named in its CHANGELOG: `Agent` (the `Task` tool renamed; both are
 * accepted in permission rules), the task tools `TaskCreate`/`TaskGet`/`TaskUpdate`/`TaskList`,
 * `TaskOutput` and `TaskStop`, the `LSP` tool, `SendMessage` and `ListAgents` (agent teams), the
 * `Workflow` tool, `EnterWorktree`/`ExitWorktree`, `ToolSearch`, the `Monitor` tool, `PowerShell`
 * (Windows), `CronCreate`/`CronDelete`/`CronList` (`/loop`), `RemoteTrigger`, and the MCP resource
 * tools. A published skill listing them was warned of an "unknown tool" it uses correctly. The
 * agent-team tools `TeamCreate`/`TeamDelete` are left out: Claude Code removed them, so listing them
 * deserves the warning.
 */
export const KNOWN_TOOLS: ReadonlySet<string> = new Set([
  "Read", "Write", "Edit", "MultiEdit", "Bash", "Glob", "Grep", "LS", "Task", "WebFetch", "WebSearch", "TodoWrite",
  "TodoRead", "AskUserQuestion", "Skill", "SlashCommand", "NotebookRead", "NotebookEdit", "BashOutput", "KillShell",
  "ExitPlanMode", "EnterPlanMode", "Agent", "TaskCreate", "TaskGet", "TaskUpdate", "TaskList", "TaskOutput", "TaskStop",
  "LSP", "SendMessage", "ListAgents", "Workflow", "EnterWorktree", "ExitWorktree", "ToolSearch", "Monitor",
  "PowerShell", "CronCreate", "CronDelete", "CronList", "RemoteTrigger", "ListMcpResourcesTool", "ReadMcpResourceTool"
])

/**
 * MCP tools are named `mcp__<server>__<tool>`. A permission entry may name all of a server's tools as
 * `mcp__<server>` or `mcp__<server>__*`, and every MCP tool as `mcp__*` (Claude Code CHANGELOG 2.0.70:
 * "wildcard syntax `mcp__server__*` for MCP tool permissions to allow or deny all tools from a server";
 * 2.1.78 and 2.1.178: `mcp__servername` removes the server's tools).
 */
const MCP_WILDCARD = /^mcp__(?:[A-Za-z0-9_-]+__)?\*$/
const MCP_NAME = /^mcp__[A-Za-z0-9_-]+$/

/** `mcp__*` or `mcp__<server>__*`: a tool name with a wildcard, which only MCP tools take. */
export const isMcpWildcard = (tool: string): boolean => MCP_WILDCARD.test(tool)

export const isKnownTool = (tool: string): boolean => KNOWN_TOOLS.has(tool) || MCP_NAME.test(tool) || isMcpWildcard(tool)

/**
 * Whether an entry's tool name covers a requested tool: the same name, or an MCP entry naming a whole
 * server (`mcp__github`, `mcp__github__*`) or every server (`mcp__*`) and a tool of it.
 */
export const entryCoversTool = (entryTool: string, requested: string): boolean => {
  if (entryTool === requested) return true
  if (!entryTool.startsWith("mcp__") || !requested.startsWith("mcp__")) return false
  if (isMcpWildcard(entryTool)) return requested.startsWith(entryTool.slice(0, -1)) && requested.length > entryTool.length - 1
  // `mcp__<server>` (no tool part) is the server-level rule.
  return !entryTool.slice("mcp__".length).includes("__") && requested.startsWith(`${entryTool}__`)
}

const ENTRY = /^([A-Za-z_][A-Za-z0-9_-]*)(?:\(([\s\S]*)\))?$/

/** Split at spaces and commas outside parentheses; `undefined` when parentheses do not balance. */
const splitEntries = (text: string): ReadonlyArray<string> | undefined => {
  const out: Array<string> = []
  let depth = 0
  let cur = ""
  for (const ch of text) {
    if (ch === "(") depth++
    if (ch === ")") {
      depth--
      if (depth < 0) return undefined
    }
    if (depth === 0 && (ch === "," || /\s/.test(ch))) {
      if (cur.length > 0) out.push(cur)
      cur = ""
    } else cur += ch
  }
  if (depth !== 0) return undefined
  if (cur.length > 0) out.push(cur)
  return out
}

export const parseToolEntry = (raw: string): ToolEntry | undefined => {
  if (isMcpWildcard(raw.trim())) return { raw: raw.trim(), tool: raw.trim(), pattern: undefined }
  const m = ENTRY.exec(raw.trim())
  if (m === null) return undefined
  return { raw: raw.trim(), tool: m[1]!, pattern: m[2] === undefined ? undefined : m[2].trim() }
}

export const parseAllowedTools = (value: unknown): ParsedTools => {
  const pieces: Array<string> = []
  if (typeof value === "string") {
    const split = splitEntries(value)
    if (split === undefined) return { _tag: "Invalid", message: `unbalanced parentheses in '${value}'` }
    pieces.push(...split)
  } else if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item !== "string") return { _tag: "Invalid", message: "list items must be strings" }
      // A list item is one entry, but `[Read, "Bash(git:*) Grep"]` is still read generously.
      const split = splitEntries(item)
      if (split === undefined) return { _tag: "Invalid", message: `unbalanced parentheses in '${item}'` }
      pieces.push(...split)
    }
  } else if (value === null) {
    pieces.length = 0
  } else {
    return { _tag: "Invalid", message: "must be a string or a list of strings" }
  }
  const tools: Array<ToolEntry> = []
  for (const piece of pieces) {
    const entry = parseToolEntry(piece)
    if (entry === undefined) return { _tag: "Invalid", message: `'${piece}' is not Tool or Tool(pattern)` }
    if (!tools.some((t) => t.raw === entry.raw)) tools.push(entry)
  }
  return { _tag: "Parsed", tools }
}

// ---------------------------------------------------------------------------
// Enforcement
// ---------------------------------------------------------------------------

export type Decision = "allow" | "deny" | "ask"

export interface PermissionCheck {
  readonly request: string
  readonly decision: Decision
  /** The entries that allowed it (one per command of a compound Bash line). */
  readonly matched: ReadonlyArray<string>
  readonly reason: string
}

/**
 * What `allowed-tools` does to a tool it does not cover: the protocol's
 * restricted mode denies it ("Unlisted tools are unavailable"); an agent that
 * reads the field as pre-approval (Claude Code: allow rules while the skill is
 * active, CHANGELOG 2.1.74) asks, as without the field. `alwaysAsk`: tools
 * the agent still asks for when listed (Claude Code 2.1.69: interactive tools
 * such as AskUserQuestion are never auto-allowed).
 */
export interface ToolModel {
  readonly unlisted: "deny" | "ask"
  readonly alwaysAsk: ReadonlyArray<string>
  /**
   * Where the file tools' paths are anchored, for an agent that reads `Read(~/.ssh/**)` and `Edit(src/**)` as
   * Claude Code's permission rules do (the gitignore way: `~/` the home directory, `//` the file system's root,
   * a relative path the working directory, a name without a slash at any depth below it) and asks with the
   * absolute path its tools use. Absent: paths are compared as written (the protocol's own reading).
   */
  readonly files?: { readonly home: string; readonly cwd: string; readonly root: string }
}

/** The protocol's Restricted Mode. */
export const RESTRICTED_MODEL: ToolModel = { unlisted: "deny", alwaysAsk: [] }

/** `Bash(git status)` → `{tool: "Bash", arg: "git status"}`; `Read` → `{tool: "Read"}`. */
export const parseToolRequest = (request: string): { readonly tool: string; readonly arg: string | undefined } | undefined => {
  const m = ENTRY.exec(request.trim())
  return m === null ? undefined : { tool: m[1]!, arg: m[2] }
}

const escapeRegex = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, "\\$&")

/** `**` any characters, `*` any but `/`, `?` one character but `/`. */
const globToRegex = (glob: string, slashAware: boolean): RegExp => {
  let re = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*" && glob[i + 1] === "*") {
      // `**/` is zero or more directories; a bare `**` anything at all.
      if (glob[i + 2] === "/") {
        re += "(?:.*/)?"
        i += 2
      } else {
        re += ".*"
        i++
      }
    } else if (c === "*") re += slashAware ? "[^/]*" : ".*"
    else if (c === "?") re += slashAware ? "[^/]" : "."
    else re += escapeRegex(c)
  }
  return new RegExp(`^${re}$`, "s")
}

const FILE_TOOLS = new Set(["Read", "Write", "Edit", "MultiEdit", "Glob", "Grep", "LS", "NotebookRead", "NotebookEdit"])

const hostOf = (url: string): string | undefined => /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase()

const absoluteOf = absolutePosix

/** A file tool's request path as an absolute path: `~/x` under the home directory, a relative one under the working directory. */
const anchoredRequest = (arg: string, files: NonNullable<ToolModel["files"]>): string =>
  absoluteOf(arg === "~" || arg.startsWith("~/") ? `${files.home}/${arg.slice(1)}` : arg.startsWith("/") ? arg : `${files.cwd}/${arg}`)

/** An absolute directory as a glob's prefix: `/` is the empty prefix, so `~/x` under a home of `/` is `/x`, not `//x`. */
const prefixOf = (dir: string): string => {
  const abs = absoluteOf(dir)
  return abs === "/" ? "" : abs
}

const GLOB_CHARS = /[*?]/

/**
 * `.` and `..` of a glob's literal segments resolved, as the request's are (`/p/../secrets/**` is `/secrets/**`):
 * left in, a rule such as `Read(../secrets/**)` could match no request. A `..` after a wildcard segment stays.
 */
const withoutGlobDots = (glob: string): string => {
  const out: Array<string> = []
  for (const seg of glob.split("/")) {
    if (seg === "" || seg === ".") continue
    if (seg === ".." && out.length > 0 && !GLOB_CHARS.test(out[out.length - 1]!) && out[out.length - 1] !== "..") out.pop()
    else if (seg === ".." && out.length === 0) continue
    else out.push(seg)
  }
  return `/${out.join("/")}`
}

/**
 * A file tool's rule pattern as an absolute glob, read as Claude Code's permission rules read it (the gitignore
 * way): `//x` from the file system's root, `~/x` from the home directory, `/x` from the project's root, a name
 * without a slash (`.env`, `*.pem`) at any depth below the working directory, any other relative path from the
 * working directory. The glob characters are kept (`*`, `**`, `?`); POSIX paths only.
 */
const anchoredPattern = (pattern: string, files: NonNullable<ToolModel["files"]>): string => {
  if (pattern.startsWith("//")) return withoutGlobDots(pattern.slice(1))
  if (pattern === "~" || pattern.startsWith("~/")) return withoutGlobDots(`${prefixOf(files.home)}/${pattern.slice(2)}`)
  if (pattern.startsWith("/")) return withoutGlobDots(`${prefixOf(files.root)}${pattern}`)
  const rel = pattern.replace(/^(?:\.\/)+/, "")
  return withoutGlobDots(rel.includes("/") ? `${prefixOf(files.cwd)}/${rel}` : `${prefixOf(files.cwd)}/**/${rel}`)
}

/** A path and the directories holding it, up to `/` excluded: a rule naming a directory covers what is in it (gitignore). */
const selfAndParents = (p: string): ReadonlyArray<string> => {
  const out = [p]
  for (let at = p.lastIndexOf("/"); at > 0; at = p.lastIndexOf("/", at - 1)) out.push(p.slice(0, at))
  return out
}

/** Does one entry's pattern cover one simple argument? */
const patternCovers = (entry: ToolEntry, arg: string, files?: ToolModel["files"]): boolean => {
  const pattern = entry.pattern!
  if (pattern === "*" || pattern === "**") return true
  if (entry.tool === "Bash") {
    // `git:*` is a command prefix at a word boundary (`git`, `git status`, not `gitk`).
    if (pattern.endsWith(":*")) {
      const prefix = pattern.slice(0, -2).trim()
      return arg === prefix || arg.startsWith(prefix + " ")
    }
    return pattern.includes("*") ? globToRegex(pattern, false).test(arg) : arg === pattern
  }
  if (entry.tool === "WebFetch" && pattern.startsWith("domain:")) {
    const domain = pattern.slice("domain:".length).toLowerCase()
    const host = hostOf(arg) ?? arg.toLowerCase()
    return host === domain || host.endsWith("." + domain)
  }
  if (files !== undefined && FILE_TOOLS.has(entry.tool)) {
    const glob = anchoredPattern(pattern, files)
    const re = GLOB_CHARS.test(glob) ? globToRegex(glob, true) : undefined
    const matches = (p: string) => (re === undefined ? p === glob : re.test(p))
    return selfAndParents(anchoredRequest(arg, files)).some(matches)
  }
  const normalised = FILE_TOOLS.has(entry.tool) ? arg.replace(/^\.\//, "") : arg
  const pat = FILE_TOOLS.has(entry.tool) ? pattern.replace(/^\.\//, "") : pattern
  return /[*?]/.test(pat) ? globToRegex(pat, FILE_TOOLS.has(entry.tool)).test(normalised) : normalised === pat
}

/** A Bash line split into its simple commands, or why it cannot be matched against a pattern at all. */
type BashLine =
  | { readonly _tag: "Commands"; readonly commands: ReadonlyArray<string> }
  | { readonly _tag: "Unmatchable"; readonly reason: string }

const unmatchable = (reason: string): BashLine => ({ _tag: "Unmatchable", reason })

/**
 * A Bash line is allowed only when every simple command in it is: `git status
 * && rm -rf /` must not pass as `git status`. What a pattern cannot judge
 * statically is never covered: command or process substitution, and a
 * redirection (`> ~/.bashrc`, `2>/x`, `>> /x`, `< /x`, `&>`), which writes
 * or reads files the pattern never named. Quotes are honoured as the shell
 * does, so quoted text stays text (`git status '$(id)'`, `-m "a; b"`) while
 * `$(…)` and backticks inside double quotes still run; a line with an
 * unclosed quote is not covered either.
 */
const scanBashLine = (line: string): BashLine => {
  const commands: Array<string> = []
  let cur = ""
  /** `$'` is ANSI-C quoting, where (unlike in `'…'`) a backslash escapes the next character, `\'` too. */
  let quote: "'" | "$'" | "\"" | undefined
  const cut = () => {
    if (cur.trim().length > 0) commands.push(cur.trim())
    cur = ""
  }
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quote === "'" || quote === "$'") {
      // Nothing is special inside single quotes but the closing one.
      if (c === "\\" && quote === "$'") {
        cur += c + (line[i + 1] ?? "")
        i++
      } else {
        if (c === "'") quote = undefined
        cur += c
      }
      continue
    }
    if (c === "\\") {
      // An escaped character is literal (and a backslash-newline joins lines, keeping the words together).
      cur += c + (line[i + 1] ?? "")
      i++
      continue
    }
    if (c === "`" || (c === "$" && line[i + 1] === "(")) return unmatchable("command substitution cannot be matched against a pattern")
    if (quote === "\"") {
      if (c === "\"") quote = undefined
      cur += c
      continue
    }
    if (c === "$" && line[i + 1] === "'") {
      // Reached only unescaped: `\$'` was taken whole by the backslash above.
      quote = "$'"
      cur += "$'"
      i++
      continue
    }
    if (c === "'" || c === "\"") quote = c
    else if (c === "#" && (i === 0 || /[\s;&|()]/.test(line[i - 1]!))) {
      // A comment hides the rest of its line, quotes too, from the shell but not from this scan.
      return unmatchable("a comment cannot be matched against a pattern")
    } else if (c === ">" || c === "<") return unmatchable("a redirection (>, <) outside quotes cannot be matched against a pattern")
    else if (c === ";" || c === "&" || c === "|" || c === "\n") {
      cut()
      continue
    }
    cur += c
  }
  if (quote !== undefined) return unmatchable("an unclosed quote cannot be matched against a pattern")
  cut()
  return { _tag: "Commands", commands }
}

/**
 * The `disallowed-tools` entry that removes a request's tool, if any (Claude
 * Code 2.1.152: the field removes tools from the model while the skill is
 * active, docs/agents.md). A bare `Tool` removes every use of it; a pattern
 * removes what it covers, a Bash line when any of its commands is covered,
 * and a Bash line that cannot be matched (substitution, redirection) when a
 * Bash pattern is listed at all: it cannot be shown to escape the pattern.
 */
const disallowedBy = (disallowed: AllowedTools, req: { readonly tool: string; readonly arg: string | undefined }, files?: ToolModel["files"]): ToolEntry | undefined => {
  const entries = disallowed.filter((e) => entryCoversTool(e.tool, req.tool))
  const bare = entries.find((e) => e.pattern === undefined)
  if (bare !== undefined || entries.length === 0 || req.arg === undefined) return bare
  const scanned: BashLine = req.tool === "Bash" ? scanBashLine(req.arg) : { _tag: "Commands", commands: [req.arg] }
  if (scanned._tag === "Unmatchable") return entries[0]
  // The deny side errs the other way from the allow side: a command whose program is not its plain first
  // word (`if true; then rm …`, `(rm …)`, `X=1 rm …`, `sudo rm …`, `'rm' …`) could be the removed one, so
  // it is removed too while any Bash pattern is listed.
  if (req.tool === "Bash" && scanned.commands.some((part) => !plainProgram(part))) return entries[0]
  return entries.find((e) => scanned.commands.some((part) => patternCovers(e, part, files)))
}

/** Shell words that start a compound command or hand the rest of the line to another program. */
const NOT_THE_PROGRAM = new Set([
  "if", "then", "elif", "else", "fi", "do", "done", "while", "until", "for", "case", "esac", "select", "function", "coproc", "time",
  "command", "builtin", "exec", "eval", "env", "sudo", "doas", "su", "nohup", "nice", "ionice", "timeout", "xargs", "stdbuf",
  "setsid", "chroot", "watch", "busybox", "unbuffer"
])

/** Whether a simple command's first word is its program as written: no grouping, assignment, quoting or wrapper. */
const plainProgram = (command: string): boolean => {
  const first = command.trim().split(/\s+/, 1)[0] ?? ""
  if (first.length === 0) return true
  if (/^[({!\[]/.test(first) || /['"\\$`=]/.test(first)) return false
  return !NOT_THE_PROGRAM.has(first)
}

/**
 * One request decided: `disallowed-tools` first (a removed tool is denied
 * whatever `allowed-tools` says, and even without it), then `allowed-tools`
 * under the agent's `model` (the protocol's restricted mode unless given).
 */
export const checkToolPermission = (
  allowed: AllowedTools | undefined,
  request: string,
  disallowed: AllowedTools = [],
  model: ToolModel = RESTRICTED_MODEL
): PermissionCheck => {
  const req = parseToolRequest(request)
  const removed = req === undefined ? undefined : disallowedBy(disallowed, req, model.files)
  if (removed !== undefined) {
    // A pattern removes only the calls it covers (`Bash(git push *)`: `Bash(git status)` stays), so the
    // reason names the request then, not the whole tool.
    const what = removed.pattern === undefined ? `'${req!.tool}' is removed` : `'${request}' is removed (the rest of ${req!.tool} is not)`
    return { request, decision: "deny", matched: [], reason: `${what} by disallowed-tools (${removed.raw})` }
  }
  const decided = allowedCheck(allowed, request, req, model.files)
  if (model.unlisted === "deny" || allowed === undefined || req === undefined) return decided
  if (decided.decision === "allow" && model.alwaysAsk.includes(req.tool)) {
    return { request, decision: "ask", matched: decided.matched, reason: `'${req.tool}' is listed, but it is interactive: the agent asks even so` }
  }
  // Only not pre-approved (what disallowed-tools removes was denied above): the standard approval decides.
  if (decided.decision === "deny") {
    return { request, decision: "ask", matched: [], reason: `${decided.reason}: not pre-approved, so the agent's standard approval applies` }
  }
  return decided
}

/** `allowed-tools` alone, as the protocol's restricted mode reads it. */
const allowedCheck = (
  allowed: AllowedTools | undefined,
  request: string,
  req: { readonly tool: string; readonly arg: string | undefined } | undefined,
  files?: ToolModel["files"]
): PermissionCheck => {
  if (allowed === undefined) {
    return { request, decision: "ask", matched: [], reason: "no allowed-tools: the agent's standard approval applies" }
  }
  if (req === undefined) return { request, decision: "deny", matched: [], reason: "not a tool request (Tool or Tool(argument))" }
  const entries = allowed.filter((e) => entryCoversTool(e.tool, req.tool))
  const bare = entries.find((e) => e.pattern === undefined)
  if (bare !== undefined) {
    return { request, decision: "allow", matched: [bare.raw], reason: bare.tool === req.tool ? `'${req.tool}' is listed` : `'${req.tool}' is covered by ${bare.raw}` }
  }
  if (entries.length === 0) return { request, decision: "deny", matched: [], reason: `'${req.tool}' is not in allowed-tools` }
  if (req.arg === undefined) {
    return { request, decision: "deny", matched: [], reason: `'${req.tool}' is listed only for patterns: ${entries.map((e) => e.raw).join(", ")}` }
  }
  const scanned: BashLine = req.tool === "Bash" ? scanBashLine(req.arg) : { _tag: "Commands", commands: [req.arg] }
  if (scanned._tag === "Unmatchable") return { request, decision: "deny", matched: [], reason: scanned.reason }
  const parts = scanned.commands
  const matched: Array<string> = []
  for (const part of parts) {
    const entry = entries.find((e) => patternCovers(e, part, files))
    if (entry === undefined) {
      return { request, decision: "deny", matched: [], reason: `'${part}' matches none of ${entries.map((e) => e.raw).join(", ")}` }
    }
    if (!matched.includes(entry.raw)) matched.push(entry.raw)
  }
  return { request, decision: "allow", matched, reason: `matches ${matched.join(", ")}` }
}

// ---------------------------------------------------------------------------
// Security review ("Dangerous Combinations")
// ---------------------------------------------------------------------------

export interface DangerousCombination {
  readonly tools: readonly [string, string]
  readonly risk: string
}

export const DANGEROUS_COMBINATIONS: ReadonlyArray<DangerousCombination> = [
  { tools: ["Bash", "Write"], risk: "can create and execute scripts" },
  { tools: ["WebFetch", "Bash"], risk: "can download and execute remote code" },
  { tools: ["Edit", "Bash"], risk: "can modify and execute scripts" }
]

/**
 * The combinations present. Bash counts when it can run arbitrary commands (a
 * bare `Bash` or a wildcard pattern): `Bash(git:*)` beside `Write` cannot
 * execute what it writes. `MultiEdit` counts as `Edit`.
 */
export const dangerousCombinations = (tools: AllowedTools): ReadonlyArray<DangerousCombination> => {
  const has = (tool: string) =>
    tools.some((t) => {
      const name = t.tool === "MultiEdit" ? "Edit" : t.tool
      if (name !== tool) return false
      return tool !== "Bash" || t.pattern === undefined || t.pattern === "*" || t.pattern === ":*"
    })
  return DANGEROUS_COMBINATIONS.filter((c) => has(c.tools[0]) && has(c.tools[1]))
}
