/**
 * `skc init` (RFC-0006:C-INIT): create a project (`.skillc/skills/` in the
 * cwd, idempotent) or a skill from the minimal template in the project or
 * global store.
 */
import { oneLineField } from "../../domain/stub.js"
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InternalError, SkillExists, UsageError, Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { extendGitignore } from "../../domain/gitignore.js"
import { describeNameProblem, nameProblem, suggestedName, titleCase } from "../../domain/skillName.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, type FsError, isDenied, unseenAs } from "../../ports/FileSystem.js"
import { homeDirs, ioReason, Settings } from "../shared/index.js"
import { displayPath } from "../skills/index.js"

/** The parameters of RFC-0007:C-COMMANDS `init`, as the MCP tool takes them. */
export const InitParams = Schema.Struct({
  name: Schema.optional(
    Schema.String.annotate({
      description: "Skill to create (lowercase letters, digits, hyphens); omit to initialise a project here"
    })
  ),
  global: Schema.optional(
    Schema.Boolean.annotate({ description: "In the global store (~/.skillc/skills)" })
  )
})

/** The `.gitignore` lines `skc init` added to a project (issue 46 item 2); absent when none were missing. */
const GitignoreSchema = Schema.Struct({ path: Schema.String, added: Schema.Array(Schema.String) })

/** The JSON document of `skc init --format json`. */
export const InitResultSchema = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("project"), path: Schema.String, created: Schema.Boolean, gitignore: Schema.optional(GitignoreSchema) }),
  Schema.Struct({
    kind: Schema.Literal("skill"),
    name: Schema.String,
    scope: Schema.Literals(["project", "global"]),
    path: Schema.String,
    gitignore: Schema.optional(GitignoreSchema)
  })
])

export interface InitInput {
  readonly name?: string | undefined
  readonly global?: boolean | undefined
}

export interface GitignoreAdded {
  readonly path: string
  readonly added: ReadonlyArray<string>
}

export type InitResult =
  | { readonly kind: "project"; readonly path: string; readonly created: boolean; readonly gitignore?: GitignoreAdded }
  | { readonly kind: "skill"; readonly name: string; readonly scope: "project" | "global"; readonly path: string; readonly gitignore?: GitignoreAdded }

/**
 * The exact template of RFC-0006:C-INIT. A name YAML would read as another type (`123`, `1e5`, `0x10`,
 * `true`, `null`: valid skill names) is double-quoted: written plain, the skill init created could not be
 * built (E011 "'name' is the YAML number 123, not text"; a probe).
 */
export const skillTemplate = (name: string): string =>
  `---\n${oneLineField("name", name)}description: "TODO: Add skill description"\n---\n\n# ${titleCase(name)}\n`

/** A name's characters beyond ASCII as code points (`e U+0301 x`): what tells two forms that look alike apart. */
const codePoints = (name: string): string => Array.from(name, (c) => (c.codePointAt(0)! < 0x80 ? c : `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`)).join(" ")

/** RFC-0005: an IO failure is E999, with the system's reason (its code, else its message). */
const cannotCreate = (what: string) => (e: FsError) =>
  new InternalError({ message: `cannot create ${what}: ${ioReason(e)} (${e.path})`, cause: e })


/**
 * `dir` made with its parents, or E999 naming `what`; a directory this user may not write is first given the
 * way on (`instead`), as a notice: a probe as another user in a root-owned checkout got the system's EACCES
 * and nothing to do about it.
 */
const createDirectory = Effect.fnUntraced(function* (dir: string, what: string, instead: string) {
  const fs = yield* FileSystem
  yield* fs.makeDirectory(dir, { recursive: true }).pipe(
    Effect.tapError((e) => (isDenied(e) ? warn(Warning.notice(`this user cannot create ${e.path} (${e.code}): ${instead}`)) : Effect.void)),
    Effect.mapError(cannotCreate(what))
  )
})

/**
 * Writes or extends `<root>/.gitignore` so that what skc makes on this
 * machine (runtimes, indexes, access logs) stays out of git (issue 46 item
 * 2). Idempotent; `undefined` when every line was there.
 */
const ignoreMachineFiles = Effect.fnUntraced(function* (root: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const file = path.join(root, ".gitignore")
  const existing = yield* fs.readFileString(file).pipe(
    Effect.catch((e) => (e.code === "ENOENT" ? Effect.succeed(undefined) : Effect.fail(cannotCreate("'.gitignore'")(e))))
  )
  const edit = extendGitignore(existing)
  if (edit.text === undefined) return undefined
  yield* fs.writeFileAtomic(file, edit.text).pipe(Effect.mapError(cannotCreate(`'${file}'`)))
  return { path: file, added: edit.added } satisfies GitignoreAdded
})

export const init = Effect.fn("skc.init")(function* (input: InitInput) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const env = yield* Env
  // The cwd is a home (`$SKILLC_HOME` or the real one): its `.skillc/` is never a project (DECISIONS #14;
  // the home's own is the global store). `skc init` there said "Initialized skillc project", `skc init <name>`
  // "Created project skill" in what is the global store, and both wrote the skc lines into ~/.gitignore.
  const atHome = homeDirs(env, path).has(stores.cwd)

  if (input.name === undefined) {
    if (input.global) {
      return yield* Effect.fail(new UsageError({ message: "--global needs a skill name: skc init <name> --global" }))
    }
    const dir = path.join(stores.cwd, ".skillc")
    const existed = (yield* fs.statOption(path.join(dir, "skills")).pipe(unseenAs(undefined)))?.type === "directory"
    // A new project inside another (`skc init` in src/api of a project): the outer project's skills no
    // longer resolve from here as its own, and nothing said so.
    const outer = stores.projectRoot
    // Inside the project's own `.skillc/` (its store, its runtime): a project there would be found first from
    // every directory below it and hide the project's skills; refused, where it was made with a warning (a probe).
    const meta = outer === undefined ? undefined : path.join(path.resolve(outer), ".skillc")
    if (!existed && meta !== undefined && (path.resolve(stores.cwd) === meta || path.resolve(stores.cwd).startsWith(meta + path.sep))) {
      return yield* Effect.fail(
        new UsageError({
          message: `${stores.cwd} is inside the project's .skillc directory: no project is made there`,
          detail: [`run 'skc init' in ${outer} (it has one already), or 'skc init <name>' to add a skill to it`]
        })
      )
    }
    if (!existed && outer !== undefined && path.resolve(outer) !== path.resolve(stores.cwd)) {
      yield* warn(
        Warning.notice(
          `${stores.cwd} is inside the project at ${outer}: this makes a project of its own, whose skills are its .skillc/skills; to add a skill to ${outer}, run 'skc init <name>' instead`
        )
      )
    }
    const instead = "make a project in a directory of its own (mkdir webapp && cd webapp && skc init), or create a global skill with 'skc init <name> --global'"
    // A home whose .skillc/ is not the global store (SKILLC_HOME names another): nothing would ever read what
    // init made there, so nothing is made (it said "Initialized skillc project" and then that it was none).
    if (atHome && path.resolve(dir) !== path.resolve(stores.globalDir)) {
      return yield* Effect.fail(
        new UsageError({
          message: `${stores.cwd} is a home directory: its .skillc/ is not read by skc (the global store is ${stores.globalDir}), never a project`,
          detail: [instead]
        })
      )
    }
    yield* createDirectory(path.join(dir, "skills"), ".skillc/skills", "run skc init in a directory you can write, or create a global skill with 'skc init <name> --global'")
    if (atHome) {
      yield* warn(Warning.notice(`${stores.cwd} is a home directory: its .skillc/ is the global store, never a project; ${instead}`))
      const result: InitResult = { kind: "project", path: dir, created: !existed }
      return result
    }
    const gitignore = yield* ignoreMachineFiles(stores.cwd)
    const result: InitResult = { kind: "project", path: dir, created: !existed, ...(gitignore === undefined ? {} : { gitignore }) }
    return result
  }

  const name = input.name
  const problem = nameProblem(name)
  if (problem !== undefined) {
    const example = suggestedName(name)
    return yield* Effect.fail(new UsageError({ message: describeNameProblem(name, problem), ...(example === undefined ? {} : { detail: [`e.g. '${example}'`] }) }))
  }
  // A name valid only after NFKC (`ｆｕｌｌ`, a decomposed `über`) would scaffold a skill that its own lint
  // flags (SKL113), and whose `--fix` then renames it away from its directory (SKL104): offer the NFKC form.
  const nfkc = name.normalize("NFKC")
  if (nfkc !== name) {
    return yield* Effect.fail(
      // The two forms often look alike (`é` as `e` + U+0301 and as U+00E9): the characters that differ are named.
      new UsageError({ message: `invalid skill name '${name}': not in Unicode NFKC form (SKL113): ${codePoints(name)}`, detail: [`e.g. '${nfkc}' (${codePoints(nfkc)})`] })
    )
  }

  // In a home with no project above it, the cwd's `.skillc/skills` is the global store (or, under another
  // SKILLC_HOME, a directory skc never reads): the skill goes to the global store, and says so.
  const scope = input.global || (atHome && stores.projectSkills === undefined) ? ("global" as const) : ("project" as const)
  // Without a project, `skc init <name>` makes the cwd one (RFC-0006: project-local first).
  const store = scope === "global" ? stores.globalSkills : (stores.projectSkills ?? path.join(stores.cwd, ".skillc", "skills"))
  const dir = path.join(store, name)
  const skillMd = path.join(dir, "SKILL.md")
  // The way on: the skill there is the one to edit, or the name is another's (issue 25 item 3).
  const exists = () => new SkillExists({ skill: name, hint: `edit it at '${displayPath(stores.cwd, skillMd, path)}', or choose another name` })
  if ((yield* fs.lstatOption(skillMd).pipe(unseenAs(undefined))) !== undefined) {
    return yield* Effect.fail(exists())
  }
  const dirWasThere = (yield* fs.lstatOption(dir).pipe(unseenAs(undefined))) !== undefined
  yield* createDirectory(
    dir,
    `skill directory '${dir}'`,
    scope === "project" ? `create it in the global store with 'skc init ${name} --global', or run skc init in a directory you can write` : "set SKILLC_HOME to a directory you can write"
  )
  yield* fs.writeFile(skillMd, skillTemplate(name), { exclusive: true }).pipe(
    // A write that failed after creating the file (a full disk) left it empty, and every retry then met
    // E050 with a SKILL.md without frontmatter: what this call created goes again.
    Effect.tapError((e) =>
      e.code === "EEXIST"
        ? Effect.void
        : Effect.andThen(fs.remove(skillMd).pipe(Effect.ignore), dirWasThere ? Effect.void : fs.remove(dir).pipe(Effect.ignore))
    ),
    Effect.mapError((e): SkillExists | UsageError | InternalError =>
      e.code === "EEXIST" ? exists() : cannotCreate(`'${skillMd}'`)(e)
    )
  )
  // A skill that makes the cwd a project makes it safe to commit too.
  const gitignore = scope === "project" && stores.projectSkills === undefined ? yield* ignoreMachineFiles(stores.cwd) : undefined
  const result: InitResult = { kind: "skill", name, scope, path: dir, ...(gitignore === undefined ? {} : { gitignore }) }
  return result
})
