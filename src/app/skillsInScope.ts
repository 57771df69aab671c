/**
 * Every skill that resolves from here, once each: what `skc stats --all`
 * walks (issue 17). The one place that enumerates them, so that a new
 * source of skills (agent-visible skills, DECISIONS #38) is added here and
 * nowhere else.
 *
 * Today: the project source store, then the global one (RFC-0007:C-RESOLUTION
 * order). A name in both resolves to the project's skill, so the global one
 * is shadowed and left out, exactly as `skc stats <name>` would pick. Each
 * entry is resolved through `resolveSkill`, so its runtime directory (where
 * its access log lives) is the one every other command uses.
 */
import { Effect } from "effect"
import { discoverSkills } from "./list.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"

export const skillsInScope = Effect.gen(function* () {
  const found = yield* discoverSkills("all")
  const seen = new Set<string>()
  const skills: Array<ResolvedSkill> = []
  for (const s of found) {
    if (seen.has(s.name)) continue
    seen.add(s.name)
    const resolved = yield* resolveSkill(s.name).pipe(Effect.option)
    // A name that no longer resolves (removed meanwhile) is simply not in scope.
    if (resolved._tag === "Some") skills.push(resolved.value)
  }
  return skills as ReadonlyArray<ResolvedSkill>
})
