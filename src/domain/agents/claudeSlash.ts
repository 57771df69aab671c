/**
 * Claude Code's slash invocations: a request that starts with `/<command>`
 * runs that skill, the command being the skill's directory name
 * (`plugin:dir` for a plugin's). That is how a person invokes a manual-only
 * skill (`disable-model-invocation: true`, CHANGELOG 2.1.110 and 2.1.222),
 * and stacked invocations `/skill-a /skill-b do XYZ` load every leading one,
 * up to 5 (CHANGELOG 2.1.199). Which skills answer to a command is the
 * listing's (src/domain/protocol/listing.ts `slashCommands`). Pure.
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
