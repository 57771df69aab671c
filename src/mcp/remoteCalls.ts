/**
 * What a client of a team server (`skc mcp --http`, docs/team.md) may ask
 * of the machine it does not own. Over stdio the client is the user's own
 * agent on the user's own machine, and every tool and argument is theirs.
 * Over HTTP the client is anyone holding a token, and the server's disk is
 * the operator's: a session serves the skills of its configured projects to
 * read, nothing else (found by a new-user pass: `skc_build` with a `target`
 * outside the project and `force` replaced a directory of the server).
 *
 * - Tools that write (`skc_init`, `skc_build`: not read-only) are not served:
 *   the operator builds on the server (`skc build`, or `skc build --watch`
 *   beside it).
 * - A skill is named, never given as a path: resolution tries a path first
 *   (RFC-0007:C-RESOLUTION), which would reach any skill directory of the
 *   server. A name is one path segment, resolved within the served project's
 *   stores and agent directories.
 * - `plugin_dirs` names directories of the machine it runs on: refused.
 */
import { InvalidOption } from "../domain/errors.js"
import { isStoreName } from "../app/skills/index.js"

const SERVED = "a team server over HTTP serves only its projects' skills (docs/team.md)"

/** A name, not a path: one path segment, as the stores hold skills (resolution's own rule), and no home (`~`). */
const isName = (s: string): boolean => isStoreName(s) && !s.startsWith("~")

/** Why a remote call's arguments are refused, or undefined. Arguments the schema refuses anyway are left to it. */
export const remoteArgumentProblem = (args: unknown): InvalidOption | undefined => {
  if (typeof args !== "object" || args === null || Array.isArray(args)) return undefined
  const given = args as Record<string, unknown>
  const skills = [given.skill, ...(Array.isArray(given.skills) ? given.skills : [])]
  for (const s of skills) {
    if (typeof s === "string" && !isName(s)) {
      return new InvalidOption({ message: `skill '${s}' is a path: ${SERVED}; name the skill (skc_list lists them)` })
    }
  }
  if (Array.isArray(given.plugin_dirs) && given.plugin_dirs.length > 0) {
    return new InvalidOption({ message: `plugin_dirs names directories of the server's machine: ${SERVED}` })
  }
  return undefined
}

/**
 * Read-only tools a remote session does not serve either, with why. `skc_stats` reads the access log, which
 * holds every reader's calls: any token holder read the others' queries and sections (`group_by: "users"`,
 * `search`, `unanswered`) and the server's project paths (a team-server probe). Its author reads it on the
 * server (`skc stats <skill> --reader <name>`) or from the team database (`skc stats --team`).
 */
export const NOT_SERVED_REMOTELY: ReadonlyMap<string, string> = new Map([
  [
    "skc_stats",
    "the access log holds every reader's calls, so it is read on the server (skc stats <skill> --reader <name>) or from the team database (skc stats <skill> --team), not over HTTP"
  ]
])

/** The answer to a call of a read-only tool a remote session does not serve. */
export const unservedToolRefusal = (name: string): string => `Unknown tool: '${name}': ${NOT_SERVED_REMOTELY.get(name) ?? SERVED}`

/**
 * Tools whose whole answer is skc's own account of where things are (`skc_list`'s `source_path` and
 * `runtime_path`, `skc_discover`'s locations): a team server's client reads them with the server's paths
 * written as `clientTextFor` writes them, structured content included.
 */
export const ANSWERS_WITH_PATHS: ReadonlySet<string> = new Set(["skc_list", "skc_discover"])

/**
 * Whether a structured-content key names a place on disk (`path`, `source_path`, `skill_dir`, `paths`):
 * every tool's structured answer passes these through `clientTextFor` for a remote client. `skc_load`'s
 * `path` and `skc_match`'s `results[].path` gave a team server's client the absolute path of the
 * served project (a team-server probe), where `skc_list` had been fixed alone.
 */
const isPathKey = (key: string): boolean => key === "path" || key === "paths" || key.endsWith("_path") || key.endsWith("_paths") || key.endsWith("_dir")

/** The strings under path keys (`isPathKey`), at any depth, through `f`; other strings (a skill's own text) as written. */
export const mapPathFields = (value: unknown, f: (s: string) => string): unknown =>
  Array.isArray(value)
    ? value.map((v) => mapPathFields(v, f))
    : value !== null && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isPathKey(k) ? mapStrings(v, f) : mapPathFields(v, f)]))
      : value

/** Arguments a remote session refuses whatever their value (`remoteArgumentProblem`): not offered to it. */
const NOT_OFFERED_REMOTELY: ReadonlyArray<string> = ["plugin_dirs"]

/**
 * A tool definition as a remote session offers it: "Skill name or path" said "Skill name", since a path is
 * refused there (E100) and an agent reading the schema spent a call learning it (a team-server probe); and
 * without `plugin_dirs`, which every non-empty value of is refused there (five tools offered it: a probe of
 * issue 47's seventy-third pass).
 */
export const remoteDefinition = <D>(definition: D): D =>
  withoutProperties(
    mapStrings(definition, (s) =>
      s
        .replace(/\bSkill name( \(as discovered\))? or path( to a skill directory)?( \(of a project or global store\))?/g, "Skill name$1")
        .replace(/\bSkill names or paths\b/g, "Skill names")
    ),
    NOT_OFFERED_REMOTELY
  ) as D

/** A tool definition whose input schema lacks the properties `names` (and their `required` entries). */
const withoutProperties = (definition: unknown, names: ReadonlyArray<string>): unknown => {
  if (definition === null || typeof definition !== "object") return definition
  const schema = (definition as { readonly inputSchema?: unknown }).inputSchema
  if (schema === null || typeof schema !== "object") return definition
  const { properties, required } = schema as { readonly properties?: Record<string, unknown>; readonly required?: ReadonlyArray<string> }
  if (properties === undefined || !names.some((n) => Object.hasOwn(properties, n))) return definition
  return {
    ...definition,
    inputSchema: {
      ...schema,
      properties: Object.fromEntries(Object.entries(properties).filter(([k]) => !names.includes(k))),
      ...(required === undefined ? {} : { required: required.filter((k) => !names.includes(k)) })
    }
  }
}

/** Every string of a JSON value through `f` (keys kept). */
export const mapStrings = (value: unknown, f: (s: string) => string): unknown =>
  typeof value === "string"
    ? f(value)
    : Array.isArray(value)
      ? value.map((v) => mapStrings(v, f))
      : value !== null && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
        : value

/** The answer to a call of a tool that writes, which a remote session does not serve. */
export const writeToolRefusal = (name: string): string =>
  `Unknown tool: '${name}': ${SERVED} to read; the tools that write (skc_init, skc_build) are not served over HTTP: build on the server (skc build, or skc build --watch beside it)`

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * A team server's text as its remote client reads it: the served project's directory written as relative
 * paths (`.skillc/skills/docx`), the server account's home as `~`. README and docs/team.md promise a client
 * no path of the server; warnings (`skipping '/srv/webapp/.skillc/skills/docx': …`), a stub's "whose source
 * (/srv/…) is not here" and resource errors still carried them (a team-server probe).
 */
export const withoutServerPaths = (text: string, project: string | undefined, home: string | undefined): string => {
  let out = text
  for (const [dir, below, itself] of [
    [project, "", "."],
    [home, "~/", "~"]
  ] as const) {
    if (dir === undefined || dir.length < 2 || !out.includes(dir)) continue
    const d = escapeRegExp(dir.replace(/\/+$/, ""))
    // Below it, then the directory itself: never the front of a longer name ('/srv/webapp2').
    out = out.replace(new RegExp(`${d}/`, "g"), below).replace(new RegExp(`${d}(?=['")\\s,;:]|$)`, "g"), itself)
  }
  return out
}


/** `withoutServerPaths` for a session serving `project`, with the home of the account the server runs as. */
export const clientTextFor =
  (project: string | undefined) =>
  (text: string): string =>
    withoutServerPaths(text, project, process.env.HOME)
