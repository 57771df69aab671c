/**
 * The skills one call touched (issue 44 item 4): a per-call service the
 * logging wrapper (`loggedCall`, src/app/usage/accessLog.ts) creates fresh
 * around each command, MCP tool call or library call, and that a use case
 * tells which skills it touched — resolution for a command
 * (`resolveCommandSkill`), each skill `search --all` answered from, each
 * skill `build a b` built. The wrapper then writes one access-log row per
 * touched skill (RFC-0007:C-LOGGING); no use case writes a row itself.
 *
 * Outside a wrapper (a use case called on its own) there is no record and a
 * touch does nothing.
 */
import { Clock, Context, Effect, Exit } from "effect"

/** Whose row: the row's `skill` and `skill_path`, and the runtime holding its `logs.db`. */
export interface TouchedSkill {
  readonly name: string
  readonly canonicalSourceDir: string
  readonly runtimeDir: string
}

/**
 * What a use case says of a touched skill. Without `args` the touch is the
 * resolution of the call's named skill, and the wrapper writes its row with
 * the command's own args and outcome; with `args` the use case gives the row
 * itself (one skill among several: `search --all`, `build a b`).
 */
export interface TouchDetails {
  readonly command?: string
  readonly args?: Readonly<Record<string, unknown>>
  /** The rendered failure of this skill's part (`build a b`), `null` or absent when it succeeded. */
  readonly error?: string | null
  /** Whether a row the primary log refuses goes to the cwd's fallback log (default true; not for the global log). */
  readonly fallback?: boolean
}

export interface Touch {
  readonly skill: TouchedSkill
  readonly details: TouchDetails | undefined
  /** When it was touched (ms): the time of a row the use case gave itself, as when it wrote the row. */
  readonly at: number
}

export interface TouchedSkillsService {
  readonly touch: (skill: TouchedSkill, details?: TouchDetails) => Effect.Effect<void>
  readonly touched: () => Effect.Effect<ReadonlyArray<Touch>>
}

/** The touched skills of the current call; none outside a logging wrapper. */
export const TouchedSkills = Context.Reference<TouchedSkillsService | undefined>("skillc/TouchedSkills", {
  defaultValue: () => undefined
})

/** A fresh, empty record for one call. */
export const makeTouchedSkills: Effect.Effect<TouchedSkillsService> = Effect.sync(() => {
  const list: Array<Touch> = []
  return {
    touch: (skill, details) => Effect.flatMap(Clock.currentTimeMillis, (at) => Effect.sync(() => void list.push({ skill, details, at }))),
    touched: () => Effect.sync(() => [...list])
  }
})

/** Tell the current call that `skill` was touched (nothing outside a wrapper). */
export const touchSkill = (skill: TouchedSkill, details?: TouchDetails): Effect.Effect<void> =>
  Effect.flatMap(TouchedSkills, (t) => (t === undefined ? Effect.void : t.touch(skill, details)))

/**
 * Run `effect` with a fresh record of its own and hand its exit and touches
 * to `after` however it ends — interrupted too (a search across skills
 * stopped by Ctrl-C keeps the rows of the skills it answered from).
 */
export const withTouching = <A, E, R, R2>(
  effect: Effect.Effect<A, E, R>,
  after: (exit: Exit.Exit<A, E>, touches: ReadonlyArray<Touch>) => Effect.Effect<void, never, R2>
) =>
  Effect.flatMap(makeTouchedSkills, (record) =>
    Effect.onExit(Effect.provideService(effect, TouchedSkills, record), (exit) => Effect.flatMap(record.touched(), (touches) => after(exit, touches)))
  )

/** The skills resolved for the call (touches without args), each once, the latest resolution of each. */
export const resolvedTouches = (touches: ReadonlyArray<Touch>): ReadonlyArray<TouchedSkill> => {
  const latest = new Map<string, TouchedSkill>()
  for (const t of touches) {
    if (t.details?.args !== undefined) continue
    latest.delete(t.skill.canonicalSourceDir)
    latest.set(t.skill.canonicalSourceDir, t.skill)
  }
  return [...latest.values()]
}
