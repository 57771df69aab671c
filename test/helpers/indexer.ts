/**
 * Test-only: build a skill's search index in-process with the real adapters,
 * as `skc build` does, for end-to-end tests of `skc search`/`skc show` that
 * must not depend on the rest of the build (stub, manifest, deployment).
 */
import { Effect, Result } from "effect"
import { makeLiveLayer } from "../../src/index.js"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"

export const buildIndex = (skill: string, options: { cwd: string; home: string; env?: Record<string, string | undefined> }) => {
  const layer = makeLiveLayer({ cwd: options.cwd, env: { HOME: options.home, SKILLC_HOME: options.home, ...options.env } })
  return Effect.runPromise(Effect.result(Effect.provide(Effect.flatMap(resolveSkill(skill), indexSkill), layer)))
    .then((e) => (Result.isFailure(e) ? Promise.reject(e.failure) : e.success))
}
