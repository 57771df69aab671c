/**
 * Claude Code's slash invocations: a request that starts with `/<command>`
 * runs that skill, the command being the skill's directory name
 * (`plugin:dir` for a plugin's). That is how a person invokes a manual-only
 * skill (`disable-model-invocation: true`, CHANGELOG 2.1.222), and stacked
 * invocations `/skill-a /skill-b do XYZ` load every leading one, up to 5
 * (CHANGELOG 2.1.199). A `/<command>` word later in the request invokes its
 * skill too ("Fixed skills with `disable-model-invocation: true` failing when
 * invoked via `/<skill>` mid-message", CHANGELOG 2.1.110): a word after white
 * space, ending at white space or the end, so a path (`/usr/bin`) or
 * `and/or` is none. Which skills answer to a command is the listing's
 * (src/domain/protocol/listing.ts `slashCommands`). Pure.
 */

/** Leading slash invocations Claude Code loads at most (CHANGELOG 2.1.199). */
export const MAX_STACKED_SLASH_SKILLS = 5

/** One leading `/command` followed by white space or the end. */
const LEADING = /^\s*\/([A-Za-z0-9_.:-]+)(?=\s|$)/

/** The commands of a request's leading `/command` words, in order, at most 5. */
export const leadingSlashCommands = (request: string): ReadonlyArray<string> => {
  const commands: Array<string> = []
  let rest = request
  while (commands.length < MAX_STACKED_SLASH_SKILLS) {
    const m = LEADING.exec(rest)
    if (m === null) break
    commands.push(m[1]!)
    rest = rest.slice(m[0].length)
  }
  return commands
}

/** A `/command` word after white space, ending at white space or the end. */
const MID_MESSAGE = /(?<=\s)\/([A-Za-z0-9_.:-]+)(?=\s|$)/g

/**
 * The commands a request invokes: its leading ones (`leadingSlashCommands`), then each `/command` word
 * later in it, each once, in order.
 */
export const slashCommandsOf = (request: string): ReadonlyArray<string> => {
  const leading = leadingSlashCommands(request)
  const out = [...leading]
  for (const m of request.matchAll(MID_MESSAGE)) if (!out.includes(m[1]!)) out.push(m[1]!)
  return out
}

/**
 * The skills a request invokes by command, by path, each with the command as typed (`/deploy`): the
 * listing's `commands` (its `slashCommands`) matched against `slashCommandsOf(request)`, each skill once.
 * What `skc match` and `skc eval`'s match judge both read.
 */
export const slashInvoked = (
  commands: ReadonlyArray<{ readonly command: string; readonly path: string }> | undefined,
  request: string
): ReadonlyMap<string, string> => {
  const invoked = new Map<string, string>()
  if (commands === undefined) return invoked
  for (const command of slashCommandsOf(request)) {
    const hit = commands.find((c) => c.command === command)
    if (hit !== undefined && !invoked.has(hit.path)) invoked.set(hit.path, `/${command}`)
  }
  return invoked
}
