/**
 * `skill://` URIs of the MCP Skills extension (io.modelcontextprotocol/skills,
 * SEP-2640, "Resource Mapping"): `skill://<skill-path>/<file-path>`.
 *
 * skc serves several namespaces, so the skill path is `<scope>/<name>`:
 * `skill://project/git-helper/SKILL.md`, `skill://global/cuda/refs/api.md`,
 * and for skills found in agent skill directories (DECISIONS #38)
 * `skill://agent-project/<name>/…` and `skill://agent-user/<name>/…`, and
 * `skill://plugin/<name>/…` for the config's plugin roots.
 * The scope is the server-chosen prefix the extension allows; the last
 * segment is the skill's name, as the extension requires. A project skill
 * and a global skill with the same name are two skills, both reachable.
 * Path segments are percent-encoded, so any file name round-trips.
 */
export const SKILL_SCOPES = ["project", "global", "agent-project", "agent-user", "plugin"] as const

/** The scopes an HTTP session serves: none of the account's own (global, agent-user; docs/team.md). */
export const REMOTE_SKILL_SCOPES: ReadonlyArray<(typeof SKILL_SCOPES)[number]> = ["project", "agent-project", "plugin"]
export type SkillScopeName = (typeof SKILL_SCOPES)[number]

const isScope = (s: string | undefined): s is SkillScopeName => (SKILL_SCOPES as ReadonlyArray<string | undefined>).includes(s)

export interface SkillFileRef {
  readonly scope: SkillScopeName
  readonly name: string
  /** Decoded segments of the path inside the skill; empty for the skill root. */
  readonly segments: ReadonlyArray<string>
}

const PREFIX = "skill://"

export const skillRootUri = (scope: SkillScopeName, name: string): string => `${PREFIX}${scope}/${encodeURIComponent(name)}`

/** The URI of a file given its relative `/`-separated path. */
export const skillFileUri = (scope: SkillScopeName, name: string, relPath: string): string =>
  `${skillRootUri(scope, name)}/${relPath.split("/").map(encodeURIComponent).join("/")}`

/**
 * Parse a skc `skill://` URI. `undefined` for anything else, including
 * URIs with a query, a fragment, empty segments or undecodable escapes.
 * Segments are returned decoded; `.`/`..` are left for the caller's path
 * safety check to refuse, so the refusal can name them.
 */
export const parseSkillUri = (uri: string): SkillFileRef | undefined => {
  // The scheme and the authority (the scope) are case-insensitive (RFC 3986 §3.1, §6.2.2.1): `SKILL://PROJECT/x/SKILL.md`
  // is the file `skill://project/x/SKILL.md` (an MCP probe); the path, a skill's name and its files, keeps its case.
  if (uri.slice(0, PREFIX.length).toLowerCase() !== PREFIX || uri.includes("?") || uri.includes("#")) return undefined
  const raw = uri.slice(PREFIX.length).split("/")
  if (raw.length < 2) return undefined
  const [written, ...rest] = raw
  const scope = written?.toLowerCase()
  if (!isScope(scope)) return undefined
  let decoded: Array<string>
  try {
    decoded = rest.map((s) => decodeURIComponent(s))
  } catch {
    return undefined
  }
  if (decoded.some((s) => s === "")) return undefined
  const [name, ...segments] = decoded
  if (name === undefined) return undefined
  return { scope, name, segments }
}

/**
 * Segments with their `.` and `..` resolved as RFC 3986's remove_dot_segments resolves them, inside the skill:
 * `references/../SKILL.md` is `SKILL.md`, as `resources/read` serves it; undefined when a `..` climbs above the
 * skill's root (which `resources/read` refuses, E012).
 */
export const withoutDotSegments = (segments: ReadonlyArray<string>): ReadonlyArray<string> | undefined => {
  const out: Array<string> = []
  for (const s of segments) {
    if (s === ".") continue
    if (s === "..") {
      if (out.pop() === undefined) return undefined
    } else out.push(s)
  }
  return out
}
