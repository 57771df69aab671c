/**
 * The MCP Skills extension's content side (io.modelcontextprotocol/skills,
 * stable specification; see docs/mcp-skills-extension.md): every file of
 * every valid project and global skill as a `skill://` resource, `Skill`
 * entries with verbatim frontmatter and per-file SHA-256 digests, and
 * directory listings. Everything is read from disk on each request, so an
 * edited file is never served stale.
 *
 * Reads follow the same path-safety rules as `open` (RFC-0002,
 * RFC-0005 E012, DECISIONS #28): no absolute paths, `.`/`..` segments
 * normalised as for the tools (`ref/../SKILL.md` is `SKILL.md`, a `..` above
 * the root is E012), nothing under `.git`/`.jj`, and the real path of the target must stay
 * inside the canonical skill root (a symlink out is refused, never read).
 */
import { mib, OPEN_MAX_BYTES } from "../app/search/open.js"
import { MAX_RESPONSE_BYTES } from "./limits.js"
import { Cause, Data, Effect, Exit, Option } from "effect"
import { Path } from "effect/Path"
import { errorHeadline, FileNotFound, PathEscapes } from "../domain/errors.js"
import { compareBytewise, IGNORED_DIRS, MAIN_DOC } from "../domain/sourcePaths.js"
import { openStep, stepText } from "../domain/nextStep.js"
import { nameProblem } from "../domain/skillName.js"
import { codePoints } from "../domain/agents/listing.js"
import { MAX_DESCRIPTION, MAX_NAME } from "../domain/protocol/metadata.js"
import { Diagnostics } from "../ports/Diagnostics.js"
import { FileSystem, NOT_REGULAR, unseenAs } from "../ports/FileSystem.js"
import { Hasher } from "../ports/Hasher.js"
import { Warning, renderError } from "../domain/errors.js"
import { Settings, servedGlobalSkills } from "../app/shared/Settings.js"
import { visibleSkills } from "../app/skills/visibleSkills.js"
import { describeSkillDir, resolveSkill } from "../app/skills/resolve.js"
import { touchSkill } from "../app/shared/touchedSkills.js"
import { readSkillFrontmatter } from "../app/skills/skillFrontmatter.js"
import { scanSourceTree } from "../app/shared/sourceTree.js"
import { META_DIR } from "../domain/manifest.js"
import { resolveInside } from "../app/skills/skillPaths.js"
import { fileNotFound } from "../app/search/fileNotFound.js"
import { parseSkillUri, skillFileUri, withoutDotSegments, skillRootUri, type SkillFileRef, type SkillScopeName } from "./skillUri.js"

/**
 * A request about something skc does not serve: JSON-RPC -32602 (Invalid params) per the extension.
 * `notFound`: nothing is served at the URI asked for (no such skill, no such file), which a
 * `resources/read` of a handshake revision answers -32002 (2025-11-25 server/resources, "Error Handling").
 */
export class NotServed extends Data.TaggedError("NotServed")<{
  readonly message: string
  readonly notFound?: boolean
  /**
   * A skill the extension may not serve (outside the Agent Skills format) whose files the `skc_*` tools
   * still read, by this name: the answer names the `skc_open` that reads its SKILL.md when the session
   * serves it (`withToolStep`). Without it an agent reading anthropics/skills' `claude-api` (a
   * description of 1,068 characters) over resources was told only why, with no way on.
   */
  readonly toolsRead?: string
}> {
  /**
   * Its line in the access log (a refused prompt's `open` row): the request was refused as invalid
   * params (-32602), which is no I/O failure; without this the log called it `error[E999]`.
   */
  get logLine(): string {
    return `invalid params: ${this.message}`
  }
}

/** Per-skill limits of the extension ("Limits"): a skill above them is not served. */
export const MAX_RESOURCES_PER_SKILL = 512
export const MAX_BYTES_PER_SKILL = 16 * 1024 * 1024

/** The largest file one `resources/read` answer carries: its base64 and the envelope within MAX_RESPONSE_BYTES. */
export const RESOURCE_READ_MAX_BYTES = Math.min(OPEN_MAX_BYTES, Math.floor(((MAX_RESPONSE_BYTES - 64 * 1024) * 3) / 4))

export interface ServedSkill {
  readonly scope: SkillScopeName
  readonly name: string
  readonly sourceDir: string
  readonly frontmatter: Readonly<Record<string, unknown>>
}

export interface SkillResourceEntry {
  readonly uri: string
  readonly digest: string
  readonly size: number
}

export interface SkillEntry {
  readonly uri: string
  readonly frontmatter: Record<string, unknown>
  readonly resources: ReadonlyArray<SkillResourceEntry>
}

const MIME: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  py: "text/x-python",
  sh: "text/x-shellscript",
  bash: "text/x-shellscript",
  js: "text/javascript",
  mjs: "text/javascript",
  cjs: "text/javascript",
  ts: "text/typescript",
  html: "text/html",
  css: "text/css",
  csv: "text/csv",
  xml: "application/xml",
  // XML by another name: the Office skills ship dozens of schemas (xlsx: 39 of its 54 files).
  xsd: "application/xml",
  xsl: "application/xml",
  xslt: "application/xml",
  dtd: "application/xml-dtd",
  // Text a skill's scripts and references often are (a probe: trailofbits' `scripts/uv.lock` was typed binary and
  // left out of resources/list, though its text was served).
  lock: "text/plain",
  ini: "text/plain",
  cfg: "text/plain",
  conf: "text/plain",
  log: "text/plain",
  sql: "application/sql",
  tsx: "text/typescript",
  jsx: "text/javascript",
  go: "text/x-go",
  rs: "text/x-rust",
  rb: "text/x-ruby",
  java: "text/x-java",
  c: "text/x-c",
  h: "text/x-c",
  cpp: "text/x-c++",
  sol: "text/plain",
  tf: "text/plain",
  ps1: "text/plain",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip"
}

/** Files named without an extension that are text. */
const TEXT_NAMES: ReadonlySet<string> = new Set(["LICENSE", "LICENCE", "NOTICE", "README", "Makefile", "Dockerfile", "Gemfile", "Procfile"])

export const mimeTypeOf = (relPath: string): string => {
  const base = relPath.slice(relPath.lastIndexOf("/") + 1)
  const dot = base.lastIndexOf(".")
  const ext = dot <= 0 ? "" : base.slice(dot + 1).toLowerCase()
  return MIME[ext] ?? (TEXT_NAMES.has(base) ? "text/plain" : "application/octet-stream")
}

const fatalUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })

/** What one answer's content may take on the wire, its envelope aside (as RESOURCE_READ_MAX_BYTES allows for base64). */
const CONTENT_WIRE_MAX_BYTES = MAX_RESPONSE_BYTES - 64 * 1024
/** JSON writes a character in at most six bytes (`\u0001`): a text under this many bytes always fits as text. */
const ALWAYS_FITS_AS_TEXT = Math.floor(CONTENT_WIRE_MAX_BYTES / 6)

/**
 * Text when the bytes are UTF-8 (so text round-trips to the digested bytes), else base64. A text whose JSON
 * form would not fit one answer (control characters or backslashes, each written as an escape of up to six
 * bytes) goes as base64, which always fits a file under RESOURCE_READ_MAX_BYTES: a probe's 1.5 MB text of
 * U+0001 was listed, then refused with -32603 ("Result of 8.6 MiB exceeds the 8.0 MiB limit").
 */
export const contentOf = (bytes: Uint8Array): { readonly text: string } | { readonly blob: string } => {
  if (!bytes.includes(0)) {
    try {
      const text = fatalUtf8.decode(bytes)
      if (bytes.byteLength <= ALWAYS_FITS_AS_TEXT || Buffer.byteLength(JSON.stringify(text), "utf8") <= CONTENT_WIRE_MAX_BYTES) return { text }
    } catch {
      // not UTF-8: fall through to base64
    }
  }
  return { blob: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64") }
}

/** Plain JSON (the wire form) of parsed YAML frontmatter. */
const jsonOf = (data: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  JSON.parse(JSON.stringify(data, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v))) as Record<string, unknown>

const storeOf = (scope: "project" | "global") =>
  Effect.map(Effect.service(Settings), ({ stores }) => (scope === "project" ? stores.projectSkills : servedGlobalSkills(stores)))

/**
 * The format's name rule as the extension's clients apply it: 1-64 ASCII lowercase letters and digits
 * in hyphen-separated runs (the official SDK client refuses a whole listing holding one other name).
 */
const SERVED_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Why a discovered skill cannot be served, if it cannot. The Skills extension ("Skill Format"): a
 * skill served over MCP MUST conform to the Agent Skills specification, and the official SDK client
 * checks each `skills/list` entry for it and rejects the whole listing when one fails. So a skill
 * outside the format (a name other than its directory's, a description over 1,024 characters, a
 * `compatibility` that is not 1-500 characters, `metadata` that is not a map of strings: `version:
 * 1.0` is a number) is left out with a warning naming the field, as a misnamed skill always was,
 * rather than served to break every other skill's listing.
 */
/** Why a deployed stub whose source is elsewhere is not served. */
const stubWithoutSource = (source: string): string =>
  `it is a stub skc deployed, and its source (${source}) is not on this machine: only its headings can be read (run skc build where the source is)`

export const servingProblem = (dirName: string, frontmatter: Readonly<Record<string, unknown>>): string | undefined => {
  if (frontmatter.name !== dirName) {
    return `frontmatter name '${String(frontmatter.name)}' differs from the directory name '${dirName}'`
  }
  if (nameProblem(dirName) !== undefined || dirName.length > MAX_NAME || !SERVED_NAME.test(dirName)) {
    return `'${dirName}' is not a valid skill name (1-64 lowercase letters, digits and single hyphens)`
  }
  const description = frontmatter.description
  if (typeof description !== "string" || description === "" || codePoints(description) > MAX_DESCRIPTION) {
    return typeof description === "string" && description !== ""
      ? `description is ${codePoints(description)} characters; the Agent Skills format allows 1,024`
      : "description must be a non-empty string"
  }
  const compatibility = frontmatter.compatibility
  if (compatibility !== undefined && (typeof compatibility !== "string" || compatibility === "" || codePoints(compatibility) > 500)) {
    return "compatibility must be a string of 1-500 characters"
  }
  const metadata = frontmatter.metadata
  if (metadata !== undefined) {
    if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata) || metadata instanceof Date) return "metadata must be a map of strings"
    const key = Object.keys(metadata).find((k) => typeof (metadata as Record<string, unknown>)[k] !== "string")
    if (key !== undefined) return `metadata value '${key}' must be a string (quote it: ${key}: "…")`
  }
  return unrepresentable(frontmatter)
}

/**
 * A frontmatter value JSON cannot carry as written, named by its key path: `.inf` and `.nan` (JSON has no
 * such number: `null` went on the wire) and an integer past 2^53 (it went rounded). The extension's entry
 * MUST hold the frontmatter "identical in content", and the official SDK client refuses the skill
 * (`".nan" cannot be represented in JSON; quote it`).
 */
const unrepresentable = (value: unknown, at = ""): string | undefined => {
  if (typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value))) {
    return `'${at}' is an integer past 2^53, which JSON does not carry exactly (quote it)`
  }
  if (typeof value === "number" && !Number.isFinite(value)) return `'${at}' is ${String(value)}, which JSON cannot carry (quote it)`
  if (typeof value !== "object" || value === null || value instanceof Date) return undefined
  for (const [k, v] of Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)) {
    const found = unrepresentable(v, at === "" ? k : `${at}.${k}`)
    if (found !== undefined) return found
  }
  return undefined
}

/**
 * Every skill the extension serves: project first, then global, each by
 * name, then every skill the agent sees through its skill directories
 * (DECISIONS #38; visibleSkills.ts).
 */
export const servedSkills = Effect.gen(function* () {
  const diagnostics = yield* Diagnostics
  const out: Array<ServedSkill> = []
  for (const s of yield* visibleSkills()) {
    // A deployed stub whose source is not here holds headings and a pointer to tools that cannot read the
    // rest (DECISIONS #46): served, its prompt and resources told an agent to read what no tool has.
    const problem = s.missingSource !== undefined ? stubWithoutSource(s.missingSource) : servingProblem(s.name, s.frontmatter)
    if (problem !== undefined) {
      yield* diagnostics.warn(Warning.notice(`not serving '${s.sourceDir}' over MCP resources: ${problem}`))
      continue
    }
    out.push({ scope: s.scope, name: s.name, sourceDir: s.sourceDir, frontmatter: s.frontmatter })
  }
  return out as ReadonlyArray<ServedSkill>
})

/**
 * What `resources/list`, `skills/list` and `prompts/list` are made from, as one comparable text: every
 * visible skill's scope, name, directory and frontmatter. `skc mcp --watch` compares it between looks to
 * tell clients their lists changed when a skill is added, removed, renamed or re-described without a
 * rebuild the watcher makes (revision 2026-07-28 server/resources: a server that declared `listChanged`
 * SHOULD notify when the list changes).
 */
export const servedListSignature = Effect.map(visibleSkills(), (skills) =>
  JSON.stringify(skills.map((s) => [s.scope, s.name, s.sourceDir, s.missingSource ?? null, s.frontmatter]))
)

/**
 * The skills a person may invoke as prompts (docs/decisions.md P3): every visible skill with a description,
 * the extension's format rules aside (they are the extension's, not Claude Code's: anthropics/skills'
 * claude-api, a 1,068-character description, is invoked as `/claude-api`), a stub whose source is not here
 * left out. `served`: whether the extension serves it too (its prompt then links its SKILL.md resource).
 */
export const promptableSkills = Effect.gen(function* () {
  const out: Array<ServedSkill & { readonly served: boolean }> = []
  for (const s of yield* visibleSkills()) {
    if (s.missingSource !== undefined) continue
    if (typeof s.frontmatter.description !== "string" || s.frontmatter.description === "") continue
    out.push({ scope: s.scope, name: s.name, sourceDir: s.sourceDir, frontmatter: s.frontmatter, served: servingProblem(s.name, s.frontmatter) === undefined })
  }
  return out as ReadonlyArray<ServedSkill & { readonly served: boolean }>
})

/** The source directory of a skill found through the agent directories, when `name` resolves there in `scope`. */
const agentSourceOf = (scope: SkillScopeName, name: string) =>
  resolveSkill(name).pipe(
    Effect.map((r) => (r.scope === scope ? { dir: r.sourceDir, missingSource: r.missingSource } : undefined)),
    // Recovery: a name that does not resolve in the agent directories is not served; the caller answers "not found".
    Effect.orElseSucceed(() => undefined)
  )

/**
 * One served skill by scope and name, without scanning the stores. `at`: the URI the answer names
 * (`skills/get` names the SKILL.md asked for; a resource or directory read names the skill's root,
 * not a SKILL.md URI the client never sent).
 */
export const findServedSkill = (scope: SkillScopeName, name: string, at: string = skillFileUri(scope, name, MAIN_DOC)) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const notServed = new NotServed({ message: `No skill is served at ${at}`, notFound: true })
    // A name with a path in it is no skill of any store; one that is only outside the format (`My_Skill`,
    // which skc_list shows) is looked up below, so that the answer says why it is not served.
    if (name === "" || name === "." || name === ".." || /[\\/\0]/.test(name)) return yield* Effect.fail(notServed)
    const store = scope === "project" || scope === "global" ? yield* storeOf(scope) : undefined
    const agent = store !== undefined ? undefined : yield* agentSourceOf(scope, name)
    const sourceDir = store !== undefined ? path.join(store, name) : agent?.dir
    if (sourceDir === undefined) return yield* Effect.fail(notServed)
    if (agent?.missingSource !== undefined) return yield* Effect.fail(new NotServed({ message: `${notServed.message}: ${stubWithoutSource(agent.missingSource)}`, notFound: true }))
    const info = yield* fs.statOption(sourceDir).pipe(unseenAs(undefined))
    if (info?.type !== "directory") return yield* Effect.fail(notServed)
    const fm = yield* readSkillFrontmatter(path.join(sourceDir, MAIN_DOC), store === undefined ? "asAgentsRead" : "strict")
    if (fm._tag === "Problem") return yield* Effect.fail(new NotServed({ message: `${notServed.message}: ${fm.message}`, notFound: true }))
    const problem = servingProblem(name, fm.data)
    if (problem !== undefined) return yield* Effect.fail(new NotServed({ message: `${notServed.message}: ${problem}`, notFound: true, toolsRead: name }))
    const skill: ServedSkill = { scope, name, sourceDir, frontmatter: fm.data }
    return skill
  })

/**
 * Whether a path can be served as a `skill://` file: none of its names holds a backslash. The one path rule
 * of every command reads `\` as a separator (`dir\file.md` typed on Windows), so `resources/read` of
 * `a%5Cb.md` answered E012 for a file `skills/get` had listed with its digest, which a host must then fail
 * the whole skill for (the extension: the listing is complete, each file read and verified).
 */
const servable = (relPath: string): boolean => !relPath.includes("\\")

/** The files of a skill (escaping symlinks and VCS directories left out), bytewise by path. */
const filesOf = (skill: ServedSkill) =>
  scanSourceTree(skill.sourceDir, { onEscape: "skip" }).pipe(
    // skc's own runtime data (manifest, index, logs) is no file of a skill, wherever a directory holds it.
    Effect.map((tree) => ({
      ...tree,
      dirs: tree.dirs.filter(servable),
      files: tree.files.filter((f) => f.path !== META_DIR && !f.path.startsWith(`${META_DIR}/`) && servable(f.path))
    })),
    Effect.mapError((e) => new NotServed({ message: `cannot read skill '${skill.name}': ${renderError(e)}` }))
  )

/** The extension's `Skill` entry: verbatim frontmatter, every file with digest and size. */
export const skillEntry = (skill: ServedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const hasher = yield* Hasher
    const tree = yield* filesOf(skill)
    if (tree.files.length > MAX_RESOURCES_PER_SKILL) {
      return yield* Effect.fail(
        new NotServed({ message: `skill '${skill.name}' has ${tree.files.length} files, above the extension's limit of ${MAX_RESOURCES_PER_SKILL}` })
      )
    }
    const resources: Array<SkillResourceEntry> = []
    let total = 0
    for (const f of tree.files) {
      const bytes = yield* fs
        .readFile(path.join(skill.sourceDir, ...f.path.split("/")))
        .pipe(Effect.mapError((e) => new NotServed({ message: `cannot read '${f.path}' of skill '${skill.name}': ${e.code}` })))
      // A file one `resources/read` answer cannot carry: a host could not fetch and verify the whole skill,
      // which the extension asks of it, so the skill is not served (as one over the limits is).
      if (bytes.byteLength > RESOURCE_READ_MAX_BYTES) {
        return yield* Effect.fail(
          new NotServed({
            message: `skill '${skill.name}' has a file of ${mib(bytes.byteLength)} ('${f.path}'), larger than one resources/read answer carries (${mib(RESOURCE_READ_MAX_BYTES)})`
          })
        )
      }
      total += bytes.byteLength
      if (total > MAX_BYTES_PER_SKILL) {
        return yield* Effect.fail(new NotServed({ message: `skill '${skill.name}' is larger than the extension's limit of 16 MiB` }))
      }
      resources.push({ uri: skillFileUri(skill.scope, skill.name, f.path), digest: `sha256:${hasher.sha256Hex(bytes)}`, size: bytes.byteLength })
    }
    const entry: SkillEntry = { uri: skillFileUri(skill.scope, skill.name, MAIN_DOC), frontmatter: jsonOf(skill.frontmatter), resources }
    return entry
  })

/** `skills/list`: entries of every served skill (a skill that cannot be listed is skipped with a warning). */
export const listSkillEntries = Effect.gen(function* () {
  const diagnostics = yield* Diagnostics
  const entries: Array<SkillEntry> = []
  for (const skill of yield* servedSkills) {
    const entry = yield* skillEntry(skill).pipe(Effect.result)
    if (entry._tag === "Failure") yield* diagnostics.warn(Warning.notice(entry.failure.message))
    else entries.push(entry.success)
  }
  return entries
})

/** `skills/get`: the entry of the skill whose SKILL.md URI is given. */
export const getSkillEntry = (uri: string) =>
  Effect.gen(function* () {
    const ref = parseSkillUri(uri)
    // Dot segments as resources/read resolves them: the two agree on which URIs name a skill's SKILL.md (an MCP probe).
    const segments = ref === undefined ? undefined : withoutDotSegments(ref.segments)
    if (ref === undefined || segments === undefined || segments.length !== 1 || segments[0] !== MAIN_DOC) {
      return yield* Effect.fail(new NotServed({ message: `No skill is served at ${uri}: expected skill://<project|global|agent-project|agent-user|plugin>/<name>/SKILL.md` }))
    }
    return yield* skillEntry(yield* findServedSkill(ref.scope, ref.name))
  })

export interface ResourceInfo {
  readonly uri: string
  readonly name: string
  readonly title?: string
  readonly description?: string
  readonly mimeType: string
  readonly size?: number
}

/**
 * Whether `resources/list` names a file (issue 26 item 3): text an agent may
 * read — Markdown, code, data, and files without an extension (LICENSE,
 * Makefile). Fonts, images, archives and other binaries are left out of the
 * listing (a skill shipping a font family would fill pages with them); they
 * stay readable by `resources/read`, `skills/get` and
 * `resources/directory/read`.
 */
export const listedByDefault = (relPath: string): boolean => {
  const base = relPath.slice(relPath.lastIndexOf("/") + 1)
  if (base.lastIndexOf(".") <= 0) return true
  const mime = mimeTypeOf(relPath)
  return mime.startsWith("text/") || ["application/json", "application/yaml", "application/toml", "application/xml", "application/xml-dtd", "application/sql"].includes(mime)
}

/** `resources/list`: every text file of every served skill, SKILL.md first in each (paginated by the server). */
/**
 * A skill's `SKILL.md` as a resource: named from the frontmatter's `name`, described by its `description`
 * (the extension, "Resource Metadata"), the same object in `resources/list` and `resources/directory/read`
 * ("the same Resource objects").
 */
const mainDocInfo = (skill: ServedSkill, size: number): ResourceInfo => ({
  uri: skillFileUri(skill.scope, skill.name, MAIN_DOC),
  name: skill.name,
  title: `${skill.name} (${skill.scope} skill)`,
  description: String(skill.frontmatter.description),
  mimeType: "text/markdown",
  size
})

export const listSkillResources = Effect.gen(function* () {
  const diagnostics = yield* Diagnostics
  const out: Array<ResourceInfo> = []
  for (const skill of yield* servedSkills) {
    const tree = yield* filesOf(skill).pipe(Effect.result)
    if (tree._tag === "Failure") {
      yield* diagnostics.warn(Warning.notice(tree.failure.message))
      continue
    }
    // The entry point first, then the other files in path order.
    const files = [...tree.success.files.filter((f) => f.path === MAIN_DOC), ...tree.success.files.filter((f) => f.path !== MAIN_DOC)]
    for (const f of files) {
      const uri = skillFileUri(skill.scope, skill.name, f.path)
      if (f.path === MAIN_DOC) out.push(mainDocInfo(skill, f.size))
      // A file larger than one resources/read answer carries is not listed: the listing is what a read serves
      // (a 30 MB reference was listed, and its read refused with -32602; skc_open reads its head).
      else if (listedByDefault(f.path) && f.size <= RESOURCE_READ_MAX_BYTES) out.push({ uri, name: `${skill.name}/${f.path}`, mimeType: mimeTypeOf(f.path), size: f.size })
    }
  }
  return out
})

/** The served skill a `skill://` URI names, and the URI's parts; NotServed (not found) when none. */
const servedOfUri = (uri: string) =>
  Effect.gen(function* () {
    const ref = parseSkillUri(uri)
    if (ref === undefined) return yield* Effect.fail(new NotServed({ message: `Resource not found: ${uri}`, notFound: true }))
    const skill = yield* findServedSkill(ref.scope, ref.name, skillRootUri(ref.scope, ref.name))
    return { ref, skill }
  })

/**
 * The absolute path of a file or directory inside a served skill, after
 * the path-safety checks. Fails with NotServed (unknown, refused) whose
 * message is the CLI's error line where one exists (E012 for an escape).
 */
const pathInSkill = (uri: string, ref: SkillFileRef, skill: ServedSkill) =>
  Effect.gen(function* () {
    const written = ref.segments.join("/")
    // Separators inside a segment (an encoded `/` or `\`) and VCS directories are never served. Dot segments
    // are the path rule's (README "Paths", as for skc_open): `ref/../SKILL.md` is SKILL.md, a `..` above the root E012.
    const refused = ref.segments.some((s) => s.includes("/") || s.includes("\\") || s.includes("\0") || IGNORED_DIRS.has(s))
    // Named as the URI wrote it: decoded, `references%2Fapi.md` read 'references/api.md', a file that is there.
    const asWritten = asWrittenOf(ref.segments)
    // A NUL (`%00`) names no file anywhere, as skc_open says: "path escapes skill root" sent a client looking for a `..` (an MCP probe).
    if (ref.segments.some((seg) => seg.includes("\0"))) return yield* Effect.fail(new NotServed({ message: `invalid path '${asWritten}': a path cannot contain a NUL byte` }))
    if (refused) return yield* Effect.fail(new NotServed({ message: renderError(new PathEscapes({ path: asWritten })) }))
    const inside = yield* resolveInside(skill.sourceDir, written === "" ? "." : written).pipe(
      Effect.mapError((e) => new NotServed({ message: renderError(e) }))
    )
    if (inside.info === undefined) {
      // A file of a close name (`FORMS.md` for `forms.md`, as a SKILL.md link may write it): its URI, as skc_open
      // names the file (a client following the link got a bare "Resource not found", an agent's probe).
      const near = (yield* fileNotFound(skill.sourceDir, written)).suggestions?.[0]
      const hint = near === undefined ? "" : `; did you mean ${skillFileUri(ref.scope, ref.name, near)}?`
      return yield* Effect.fail(new NotServed({ message: `Resource not found: ${uri}${hint}`, notFound: true }))
    }
    return { skill, rel: inside.rel, real: inside.abs, info: inside.info }
  })

/**
 * A path's segments as the URI wrote them: a segment holding a separator or NUL keeps its encoding, so
 * `references%2Fapi.md` is not named (nor logged) as the file `references/api.md`, which is there.
 */
const asWrittenOf = (segments: ReadonlyArray<string>): string => segments.map((s) => (/[/\\\0]/.test(s) ? encodeURIComponent(s) : s)).join("/")

const resolveInSkill = (uri: string) => Effect.flatMap(servedOfUri(uri), ({ ref, skill }) => pathInSkill(uri, ref, skill))

/** A file of a served skill, read whole (bounded), with its MIME type. */
const readInSkill = (uri: string, ref: SkillFileRef, skill: ServedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const { rel, real, info } = yield* pathInSkill(uri, ref, skill)
    if (info.type === "directory") {
      return yield* Effect.fail(new NotServed({ message: `${uri} is a directory; read its files (or use resources/directory/read)` }))
    }
    // Bounded work (issue 29 item 1): a huge file is never read whole into one answer. Nor one the answer
    // could not carry: a binary file goes as base64 (4 bytes for 3) and every answer is at most
    // MAX_RESPONSE_BYTES, so a file over RESOURCE_READ_MAX_BYTES was read and then refused with -32603.
    if (info.size > RESOURCE_READ_MAX_BYTES) {
      return yield* Effect.fail(
        new NotServed({
          message: `${uri} is ${mib(info.size)}, larger than resources/read returns (${mib(RESOURCE_READ_MAX_BYTES)}); read a text file's head with skc_open and max_lines`
        })
      )
    }
    // A FIFO or a device: refused without blocking (issue 29 item 1).
    const bytes = yield* fs.readFile(real).pipe(
      Effect.mapError(
        (e) => new NotServed({ message: e.code === NOT_REGULAR ? `${uri} is not a regular file` : `cannot read ${uri}: ${e.code}` })
      )
    )
    return { uri, mimeType: mimeTypeOf(rel), ...contentOf(bytes), rel }
  })

/**
 * The served skill as resolution describes it (whose log holds its rows): the skill its name resolves to
 * when that is this one, else the store skill at its directory (a global skill a project skill of its name
 * shadows). Undefined when neither: its read goes unlogged rather than into another skill's log.
 */
const loggedSkillOf = (skill: ServedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const canonical = yield* fs.realPath(skill.sourceDir).pipe(unseenAs(undefined))
    if (canonical === undefined) return undefined
    const byName = yield* Effect.result(resolveSkill(skill.name))
    if (byName._tag === "Success" && byName.success.canonicalSourceDir === canonical) return byName.success
    if (skill.scope !== "project" && skill.scope !== "global") return undefined
    const described = yield* Effect.result(describeSkillDir(skill.sourceDir, skill.scope))
    return described._tag === "Success" ? described.success : undefined
  })

/**
 * A directory's URI written with a trailing slash (`skill://project/pdf/`, as `resources/directory/read`
 * takes it) is said to be a directory, as the URI without it is: it was "Resource not found" (-32002 in a
 * handshake session), which read as no such skill (an MCP probe). A URI with a slash after a file stays not found.
 */
const refuseDirectoryWithSlash = (uri: string) =>
  Effect.gen(function* () {
    if (!uri.endsWith("/") || parseSkillUri(uri) !== undefined) return
    const bare = uri.replace(/\/+$/, "")
    const found = yield* Effect.result(resolveInSkill(bare))
    if (found._tag === "Success" && found.success.info.type === "directory") {
      return yield* Effect.fail(new NotServed({ message: `${uri} is a directory; read its files (or use resources/directory/read)` }))
    }
  })

/** A served skill's file read as `resources/read` reads it, without its access-log row (a prompt logs its own). */
export const readSkillFile = (uri: string) =>
  Effect.flatMap(servedOfUri(uri), ({ ref, skill }) => readInSkill(uri, ref, skill)).pipe(Effect.map(({ rel: _, ...content }) => content))

/**
 * `resources/read` of a `skill://` file. A host of the Skills extension loads a skill by reading its
 * SKILL.md this way and its other files as the model asks: each read of a served skill's file is an
 * agent's read, logged as an `open` of the file in that skill's log (RFC-0007:C-LOGGING, DECISIONS #17),
 * a failed one with its error; a URI that names no served skill touches no log.
 */
export const readSkillResource = (uri: string) =>
  Effect.gen(function* () {
    yield* refuseDirectoryWithSlash(uri)
    const { ref, skill } = yield* servedOfUri(uri)
    const exit = yield* Effect.exit(readInSkill(uri, ref, skill))
    // An interrupted read leaves no row, as an interrupted call leaves none (accessLog.ts `loggedCall`).
    const interrupted = Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)
    const logged = interrupted ? undefined : yield* loggedSkillOf(skill)
    if (logged !== undefined) {
      // A refused read is logged under the path as written: decoded, `ref%2Fguide.md`'s E012 was counted
      // against the valid file `ref/guide.md` in `stats --group-by errors` (an MCP probe).
      const path = Exit.isSuccess(exit) ? exit.value.rel : asWrittenOf(ref.segments)
      // A file the skill does not have is logged as skc_open logs one, E021, so `stats` counts it among the
      // lookups of what the skill lacks (the summary's "missing": E020/E021); other refusals by their first line.
      const error = Exit.isSuccess(exit)
        ? null
        : Option.match(Cause.findErrorOption(exit.cause), {
            onNone: () => "failed",
            onSome: (e) => (e.notFound === true ? errorHeadline(new FileNotFound({ path })) : e.message.split("\n")[0]!)
          })
      yield* touchSkill(logged, { command: "open", args: { path, method: "resources/read" }, error })
    }
    const { rel: _, ...content } = yield* exit
    return content
  })

/** `resources/directory/read`: the direct children of a skill directory (root included). */
export const readSkillDirectory = (uri: string) =>
  Effect.gen(function* () {
    // Trailing slashes dropped, but not the `//` of a bare `skill://` (its refusal named "skill:", an MCP probe).
    const { skill, rel, info } = yield* resolveInSkill(/^[^:/]*:\/+$/.test(uri) ? uri : uri.replace(/\/+$/, ""))
    if (info.type !== "directory") return yield* Effect.fail(new NotServed({ message: `${uri} is not a directory resource` }))
    const tree = yield* filesOf(skill)
    const prefix = rel === "" ? "" : `${rel}/`
    // Each child with its name in the directory, the order's key (a SKILL.md resource is named after its skill).
    const children: Array<{ readonly key: string; readonly info: ResourceInfo }> = []
    const isChild = (p: string) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/")
    for (const d of tree.dirs) {
      if (isChild(d)) children.push({ key: d.slice(prefix.length), info: { uri: skillFileUri(skill.scope, skill.name, d), name: d.slice(prefix.length), mimeType: "inode/directory" } })
    }
    for (const f of tree.files) {
      if (!isChild(f.path)) continue
      const key = f.path.slice(prefix.length)
      children.push({ key, info: f.path === MAIN_DOC ? mainDocInfo(skill, f.size) : { uri: skillFileUri(skill.scope, skill.name, f.path), name: key, mimeType: mimeTypeOf(f.path), size: f.size } })
    }
    children.sort((a, b) => compareBytewise(a.key, b.key))
    return children.map((c) => c.info)
  })

export { skillRootUri }

/**
 * A NotServed's message with the tool call that still reads the skill, when the session serves `skc_open`:
 * the file the URI asked for (`skill://…/claude-api/python/streaming.md` → that path), else its SKILL.md.
 * Naming SKILL.md for every URI sent an agent that followed the step to a file it had not asked for.
 */
export const withToolStep = (e: NotServed, served: ReadonlySet<string> | undefined, uri?: string): string => {
  if (e.toolsRead === undefined || served?.has("skc_open") !== true) return e.message
  const ref = uri === undefined ? undefined : parseSkillUri(uri)
  const asked = ref !== undefined && ref.name === e.toolsRead && ref.segments.length > 0 ? ref.segments.join("/") : MAIN_DOC
  return `${e.message}; the skc_* tools still read it: ${stepText(openStep(e.toolsRead, asked), "tools")}`
}
