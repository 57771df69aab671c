/**
 * A discovered skill for the pure listing tests (src/domain/protocol/listing.ts): a skill at
 * `<root>/<dir>` with the plain listing facts unless told otherwise.
 */
import { PLAIN_LISTING, type DiscoveredSkill, type SkillListing } from "../../src/domain/protocol/discovery.js"

export const discovered = (options: {
  readonly name: string
  readonly description: string
  readonly scope?: DiscoveredSkill["scope"]
  /** The skills directory (default `/p/.agents/skills`). */
  readonly root?: string
  /** The skill's directory name (default: its name). */
  readonly dir?: string
  readonly link?: string | null
  readonly listing?: Partial<SkillListing>
}): DiscoveredSkill => {
  const dir = `${options.root ?? "/p/.agents/skills"}/${options.dir ?? options.name}`
  return {
    scope: options.scope ?? "project",
    dir,
    path: `${dir}/SKILL.md`,
    link_target: options.link ?? null,
    deployed_by_skc: false,
    name: options.name,
    description: options.description,
    allowed_tools: null,
    warnings: [],
    listing: { ...PLAIN_LISTING, ...options.listing }
  }
}
