/**
 * Many skills per `skc build` call (issue 12, item 4): `skc build a b c`
 * and `skc build --all` (every skill folder of the project source store;
 * with `--global`, of the global store). Each skill builds on its own, one
 * failure never stops the others; the result says per skill what happened
 * and the caller exits 1 when any failed.
 *
 * `--all` names each skill by its store directory (an absolute path that
 * resolution classifies as that store, never an import), so a global build
 * cannot pick up a project skill of the same name.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { allWithNames, InvalidOption, UsageError, Warning } from "../../domain/errors.js"
import { Diagnostics, verbose, warn } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { loggedCall } from "../usage/index.js"
import { resolveSkill } from "../skills/index.js"
import { build, BuildInput, buildTargets, givenTargetText, type BuildOptions, type BuildResult } from "./build.js"
import { warnTargetOverlap } from "./targetOverlap.js"
import { danglingLinkNotice, warnAboveRepository } from "../skills/index.js"
import { warnOrphanedLinks, warnStaleLinks } from "./staleLinks.js"
import { isGone, readFailure, Settings, type TargetFailure, targetFailure } from "../shared/index.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"

export const BuildManyInput = Schema.Struct({
  skills: Schema.Array(Schema.String).annotate({ description: "Skill names or paths" }),
  all: Schema.optional(Schema.Boolean).annotate({
    description: "Every skill of the project source store (with global: of the global store)"
  }),
  global: BuildInput.fields.global,
  target: BuildInput.fields.target,
  copy: BuildInput.fields.copy,
  force: BuildInput.fields.force
})
export type BuildManyInput = typeof BuildManyInput.Type

export type BuildOutcome =
  | { readonly skill: string; readonly ok: true; readonly result: BuildResult }
  | { readonly skill: string; readonly ok: false; readonly error: TargetFailure }

/** The `--format json` document of a build of several skills. */
export interface BuildManyResult {
  readonly results: ReadonlyArray<BuildOutcome>
  readonly total: number
  readonly built: number
  readonly failed: number
}


/**
 * Every non-hidden directory of the store, by name: broken skills too, so that they fail visibly.
 * `flag` is the option that asked for the whole store (`--all`, or `--watch` naming no skill):
 * the refusal outside a project names the one the user typed.
 */
export const storeEntries = Effect.fnUntraced(function* (global: boolean, flag: "--all" | "--watch" = "--all") {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const store = global ? stores.globalSkills : stores.projectSkills
  if (store === undefined) {
    return yield* Effect.fail(
      new UsageError({ message: `${flag}: no skillc project here (no .skillc/ in this directory or above)`, detail: [`use --global ${flag} for the global store, or run skc init`] })
    )
  }
  // A store that cannot be read fails the build (`0 skills: 0 built` and exit 0 passed a CI gate that built nothing).
  const entries = yield* fs.readDir(store).pipe(Effect.catch((e) => (isGone(e) ? Effect.succeed([]) : Effect.fail(readFailure(e)))))
  const named: Array<{ name: string; dir: string }> = []
  for (const e of [...entries].sort((a, b) => bytewise(a.name, b.name))) {
    if (e.name.startsWith(".")) continue
    const dir = path.join(store, e.name)
    const info = e.type === "symlink" ? yield* fs.statOption(dir).pipe(unseenAs(undefined)) : e
    if (info?.type === "directory") named.push({ name: e.name, dir })
    // A link whose target is gone: said by `build --all`, as lint --all and list say it (the build's total was one
    // lower, silently). Not by the watch loop, which lists the store every poll (a line every 250 ms).
    else if (info === undefined && flag === "--all") yield* warn(danglingLinkNotice(e.name))
  }
  return named
})

const failureOf = (skill: string, error: unknown): BuildOutcome => ({ skill, ok: false, error: targetFailure(error) })

/**
 * What a skill named on the command line is, to build it once however often
 * it is named (`skc build pdf pdf`, `skc build pdf .skillc/skills/pdf`): its
 * source directory as given and canonical. A name that does not resolve is
 * itself (its build fails, once).
 */
const identities = (named: string) =>
  Effect.map(Effect.result(resolveSkill(named, { agentDirs: false })), (r) =>
    r._tag === "Success" ? [r.success.sourceDir, r.success.canonicalSourceDir] : [`unresolved:${named}`]
  )

export const buildMany = Effect.fn("skc.buildMany")(function* (input: BuildManyInput, options: BuildOptions = {}) {
  // RFC-0005, DECISIONS #32: a flag or argument failure is E100, as every command's.
  if (input.all === true && input.skills.length > 0) {
    return yield* Effect.fail(allWithNames())
  }
  if (input.all !== true && input.skills.length === 0) {
    return yield* Effect.fail(new InvalidOption({ message: "missing argument <skill>: name one or more skills, or use --all" }))
  }
  // The targets once, before any skill: a bad --target is one E100, not one per skill.
  yield* buildTargets(input.target)
  const named = input.all === true ? yield* storeEntries(input.global ?? false) : input.skills.map((s) => ({ name: s, dir: s }))
  const results: Array<BuildOutcome> = []
  const diagnostics = yield* Diagnostics
  const path = yield* Path
  // The skills built (or failed) so far, by source directory: a skill named twice is built once.
  const seen = new Set<string>()
  for (const { name, dir } of named) {
    if (input.all !== true) {
      const same = yield* identities(dir)
      if (same.some((k) => seen.has(k))) {
        yield* verbose(`'${name}' is named more than once: built once`)
        continue
      }
      for (const k of same) seen.add(k)
    }
    const one: BuildInput = { skill: dir, global: input.global, target: input.target, copy: input.copy, force: input.force }
    // Each skill's own row (issue 44 item 4), written as soon as its build ends (a long `--all` or a
    // watch killed later keeps the rows of what it built): the one wrapper, around this one build.
    const exit = yield* Effect.exit(
      build(one, { ...options, overlapWarning: false }).pipe(
        loggedCall({
          command: "build",
          skill: dir,
          argsOf: () => ({ global: one.global, target: one.target, copy: one.copy, force: one.force }),
          locate: (r) => ({ runtimeDir: r.runtime })
        }),
        // Each skill's lint warnings name it (its folder's name, as a path names it too): of several, the
        // same warning would otherwise read as one, said once.
        Effect.provideService(Diagnostics, { ...diagnostics, warn: (w) => diagnostics.warn(Warning.ofSkill(w, path.basename(dir) || name)) })
      )
    )
    const outcome = yield* Effect.result(exit)
    // An imported directory is built as its store copy, which a later name may reach.
    if (outcome._tag === "Success") seen.add(outcome.success.source)
    results.push(outcome._tag === "Success" ? { skill: name, ok: true, result: outcome.success } : failureOf(name, outcome.failure))
  }
  // Targets one agent reads twice: said once for the whole call, not once per skill.
  for (const scope of ["project", "global"] as const) {
    const built = results.flatMap((r) => (r.ok && r.result.scope === scope ? [r.result] : []))
    if (built.length === 0) continue
    const { config } = yield* Settings
    const fromConfig = input.target === undefined && config.buildTargets.length > 0
    yield* warnTargetOverlap(built[0]!.deployments, { scope, skills: built.map((r) => r.skill), fromConfig })
    if (scope === "project" && options.deploy !== false) yield* warnAboveRepository(built.flatMap((r) => r.deployments))
    // Links an earlier --target left to these runtimes, once for the call (a project's directories only).
    if (scope === "project" && options.deploy !== false) yield* warnStaleLinks(built, givenTargetText(input.target))
  }
  // Deployments whose skill left the store (deleted, or renamed: an author's probe built the new name and
  // agents listed both, with nothing said but by `build --all`), said once, for each store built into.
  const scopes = input.all === true ? [input.global === true ? ("global" as const) : ("project" as const)] : [...new Set(results.flatMap((r) => (r.ok ? [r.result.scope] : [])))]
  if (options.deploy !== false && options.orphanWarning !== false) for (const scope of scopes) yield* warnOrphanedLinks(scope)
  const failed = results.filter((r) => !r.ok).length
  const result: BuildManyResult = { results, total: results.length, built: results.length - failed, failed }
  return result
})

/**
 * What `skc build` takes on the command line: one skill (`skill`, the MCP
 * tool's whole input), or several / `--all` / `--watch` (`skills`).
 */
export const BuildCommandInput = Schema.Struct({
  skill: Schema.optional(Schema.String),
  skills: Schema.optional(Schema.Array(Schema.String)),
  all: Schema.optional(Schema.Boolean),
  watch: Schema.optional(Schema.Boolean),
  global: BuildInput.fields.global,
  target: BuildInput.fields.target,
  copy: BuildInput.fields.copy,
  force: BuildInput.fields.force
})
export type BuildCommandInput = typeof BuildCommandInput.Type
