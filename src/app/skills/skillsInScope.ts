/**
 * Every skill that resolves from here, once each: what `skc stats --all`
 * walks (issue 17) and `skc search --all` searches (issue 14): the one place
 * that enumerates them.
 *
 * The project source store, the global one, then the skills agents see in
 * their skill directories (DECISIONS #38), exactly as `visibleSkills` lists
 * them for `skc list`. A name listed twice resolves to its first entry, so
 * shadowed entries are left out, as `skc stats <name>` would pick. Each entry
 * is resolved through `resolveSkill`, so its runtime directory (where its
 * access log lives, a cache directory for a foreign skill) is the one every
 * other command uses.
 */
import { Effect } from "effect"
import { DiskMemo } from "../../ports/DiskMemo.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { describeSkillDir, resolveSkill, type ResolvedSkill } from "./resolve.js"
import { Settings } from "../shared/index.js"
import { visibleSkills } from "./visibleSkills.js"

const resolveInScope = Effect.gen(function* () {
  const found = yield* visibleSkills()
  const fs = yield* FileSystem
  const { stores } = yield* Settings
  // A name is first tried as a path from the cwd (RFC-0007:C-RESOLUTION): one listing of the cwd says
  // which names could resolve there, instead of a failed stat per skill.
  const inCwd = new Set((yield* fs.readDir(stores.cwd).pipe(unseenAs([]))).map((e) => e.name))
  const seen = new Set<string>()
  const skills: Array<ResolvedSkill> = []
  for (const s of found) {
    if (s.shadowed || seen.has(s.name)) continue
    seen.add(s.name)
    // A store skill no cwd entry and no earlier store shadows resolves to its own directory: what
    // `resolveSkill` would find after probing the same places again (its SKILL.md was just read).
    const direct = (s.scope === "project" || s.scope === "global") && !inCwd.has(s.name)
    const resolved = yield* (direct ? describeSkillDir(s.sourceDir, s.scope) : resolveSkill(s.name)).pipe(Effect.option)
    // A name that no longer resolves (removed meanwhile) is simply not in scope.
    if (resolved._tag === "Some") skills.push(resolved.value)
  }
  return skills as ReadonlyArray<ResolvedSkill>
})

/**
 * The skills in scope, remembered by a long-lived server while none of the
 * directories listed and files read to find them has changed
 * (src/ports/DiskMemo.ts): a cross-skill call over MCP resolved 26 skills
 * afresh each time, a third of its cost (issue 25). The key holds all the
 * enumeration depends on besides the disk: the stores, the configuration
 * and the homes.
 */
export const skillsInScope = Effect.gen(function* () {
  const { stores, config } = yield* Settings
  const env = yield* Env
  const memo = yield* DiskMemo
  const key = JSON.stringify(["skillsInScope", stores, config, env.home, env.realHome])
  return yield* memo.remember(key, resolveInScope)
})
