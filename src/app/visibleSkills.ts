/**
 * Every skill a name resolves to from the cwd (RFC-0007:C-RESOLUTION), one
 * per name: what `skc search --all` and `skc_search` without `skill` search.
 *
 * Today that is the project store, then the global store (a project skill
 * hides a global one of the same name, as resolution does). DECISIONS #38
 * adds the agent-visible skills to resolution; when that lands, its
 * enumeration belongs here and every caller picks it up.
 *
 * Only names are listed here (directories not starting with `.`); each is
 * then resolved as any command resolves it. Frontmatter is not parsed: a
 * skill that does not parse was never built, and search skips it as such.
 */
import { Effect } from "effect"
import { FileSystem } from "../ports/FileSystem.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"
import { Settings } from "./Settings.js"

const compareNames = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

export const skillsVisibleFromCwd = Effect.gen(function* () {
  const fs = yield* FileSystem
  const { stores } = yield* Settings
  const names: Array<string> = []
  const seen = new Set<string>()
  for (const store of [stores.projectSkills, stores.globalSkills]) {
    if (store === undefined) continue
    const entries = yield* fs.readDir(store).pipe(Effect.orElseSucceed(() => []))
    for (const e of [...entries].sort((a, b) => compareNames(a.name, b.name))) {
      if (e.name.startsWith(".") || e.type === "file" || seen.has(e.name)) continue
      seen.add(e.name)
      names.push(e.name)
    }
  }
  const out: Array<ResolvedSkill> = []
  for (const name of names) {
    // The name resolved as any command would resolve it: the skill the user means by it.
    const resolved = yield* Effect.either(resolveSkill(name))
    if (resolved._tag === "Right") out.push(resolved.right)
  }
  return out as ReadonlyArray<ResolvedSkill>
})
