/**
 * Every skill a name resolves to from the cwd (RFC-0007:C-RESOLUTION), one
 * per name: what `skc search --all` and `skc_search` without `skill` search.
 *
 * Today that is the project store, then the global store (a project skill
 * hides a global one of the same name, as resolution does). DECISIONS #38
 * adds the agent-visible skills to resolution; when that lands, its
 * enumeration belongs here and every caller picks it up.
 */
import { Effect } from "effect"
import { discoverSkills } from "./list.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"

export const skillsVisibleFromCwd = Effect.gen(function* () {
  const discovered = yield* discoverSkills("all")
  const seen = new Set<string>()
  const out: Array<ResolvedSkill> = []
  for (const d of discovered) {
    if (seen.has(d.name)) continue
    seen.add(d.name)
    // The name resolved as any command would resolve it: the skill the user means by it.
    const resolved = yield* Effect.either(resolveSkill(d.name))
    if (resolved._tag === "Right") out.push(resolved.right)
  }
  return out as ReadonlyArray<ResolvedSkill>
})
