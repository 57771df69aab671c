/**
 * `skc run <skill> <tool>` (issue 8, tool-skills spec §3.4–§6): validate and
 * coerce the arguments, build program + args from the template (never a
 * shell), resolve a relative program inside the skill root, decide approval,
 * run it in a sanitised environment with a timeout, and wrap the bounded
 * output in the JSON envelope.
 *
 * Everything that can be refused is refused before anything runs: unknown
 * tool, blocking lint problems, bad or missing arguments, a NUL byte, a
 * program escaping the skill root, a missing approval.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { PathEscapes, SkillNotFound, UsageError, Warning } from "../../domain/errors.js"
import { codeWords, decideApproval, embeddedPathWords, namedFileCandidates } from "../../domain/tools/approval.js"
import { buildArguments } from "../../domain/tools/coerce.js"
import { inlinePythonSafe, toolEnvironment } from "../../domain/tools/environment.js"
import { givenValues, withoutValues } from "../../domain/tools/redact.js"
import { interpolate, type CommandLine } from "../../domain/tools/interpolate.js"
import { MAX_TIMEOUT_SECS, type CommandTemplate, type Mode } from "../../domain/tools/model.js"
import { makeEnvelope, shebangOf, type RunEnvelope } from "../../domain/tools/output.js"
import { literalOf, quoteArg } from "../../domain/tools/template.js"
import { splitScripts } from "../../domain/tools/lint.js"
import { warn } from "../../ports/Diagnostics.js"
import { visible } from "../../domain/visible.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, isNotFound, unseenAs } from "../../ports/FileSystem.js"
import { ProcessRunner } from "../../ports/ProcessRunner.js"
import { Prompter } from "../../ports/Prompter.js"
import { onlyFallbackLogs, Settings } from "../shared/index.js"
import { findTool, loadToolSkill, parseMode, recordApproval, type LoadedToolSkill } from "./toolSkill.js"
import { declarationsInWords } from "../../domain/tools/placement.js"

export const RunInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path." }),
  tool: Schema.String.annotate({ description: "Tool name (### heading of SKILL.md)." }),
  args: Schema.optional(Schema.Unknown.annotate({ description: "Arguments as a JSON object (name → value)." })),
  arg_pairs: Schema.optional(Schema.Array(Schema.String).annotate({ description: "Arguments as name=value strings; repeat an array parameter to add elements." })),
  mode: Schema.optional(Schema.String.annotate({ description: "Context mode: Global, Dev or Meeting." })),
  timeout: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_TIMEOUT_SECS })).annotate({ description: "Timeout in seconds (1-300), overriding the skill's." })),
  yes: Schema.optional(Schema.Boolean.annotate({ description: "Run without asking for confirmation." }))
})
export type RunInput = typeof RunInput.Type

export interface RunResult {
  readonly skill: string
  readonly tool: string
  /** The exact argv that ran (or would have run), program first. */
  readonly command: ReadonlyArray<string>
  readonly cwd: string
  readonly envelope: RunEnvelope
}

/** Spec §5.3: SIGTERM, then SIGKILL after 5 s. */
export const KILL_GRACE_MS = 5_000

/**
 * Where a tool runs (issue 26 item 5, refining spec §5.1): the project root
 * when skc knows it — the nearest directory above the working directory
 * (itself included) that holds `.skillc/` or `.claude/`, never the home
 * directory (DECISIONS #14) — else the enclosing git repository's root, else
 * the working directory. A project that is not a git repository used to run
 * its tools in the home directory.
 */
export const workingDirectory = Effect.gen(function* () {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const { stores } = yield* Settings
  const start = path.resolve(stores.cwd)
  const homes = new Set([path.resolve(env.home), path.resolve(env.realHome)])
  const nearest = (holds: (dir: string) => Effect.Effect<boolean>) =>
    Effect.gen(function* () {
      for (let dir = start; ; dir = path.dirname(dir)) {
        if (yield* holds(dir)) return dir
        if (path.dirname(dir) === dir) return undefined
      }
    })
  const has = (dir: string, name: string, type?: "directory") =>
    fs.lstatOption(path.join(dir, name)).pipe(
      Effect.map((i) => i !== undefined && (type === undefined || i.type === type || i.type === "symlink")),
      unseenAs(false)
    )
  // A `.skillc/` holding only the fallback logs a sandboxed command wrote in its cwd is no project, as for
  // resolution (Settings.ts `findProjectRoot`): one in /tmp made /tmp every temporary project's tool root.
  const skillcProject = (dir: string) =>
    Effect.flatMap(has(dir, ".skillc", "directory"), (there) => (there ? Effect.map(onlyFallbackLogs(path.join(dir, ".skillc")), (only) => !only).pipe(Effect.provideService(FileSystem, fs)) : Effect.succeed(false)))
  const project = yield* nearest((dir) =>
    homes.has(dir) ? Effect.succeed(false) : Effect.map(Effect.all([skillcProject(dir), has(dir, ".claude", "directory")]), ([a, b]) => a || b)
  )
  if (project !== undefined) return project
  const git = yield* nearest((dir) => has(dir, ".git"))
  return git ?? start
})

/**
 * A program with a slash that is not absolute (`./scripts/x.sh`) is the
 * skill's own file: resolved inside the skill root (symlinks followed) and
 * refused (E012) if it leaves it. A missing file is left for the runner to
 * report as ENOENT in the envelope.
 */
export const resolveProgram = Effect.fn("skc.resolveProgram")(function* (loaded: LoadedToolSkill, program: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  if (!program.includes("/") || path.isAbsolute(program)) return program
  const root = loaded.resolved.canonicalSourceDir
  const joined = path.resolve(root, program)
  const inside = (p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
  if (!inside(joined)) return yield* Effect.fail(new PathEscapes({ path: program }))
  const real = yield* fs.realPath(joined).pipe(
    Effect.map((p): string | undefined => p),
    Effect.catch((e) => (isNotFound(e) ? Effect.succeed(undefined) : Effect.succeed(joined)))
  )
  if (real !== undefined && !inside(real)) return yield* Effect.fail(new PathEscapes({ path: program }))
  return real ?? joined
})

/**
 * The command with each argument that names a skill file by a relative path
 * (`sh scripts/h.sh`: one of the files the approval hashed, `namedFiles`)
 * given as that file's real path inside the skill root. The command runs in
 * the project's directory, where `scripts/h.sh` was the project's own file:
 * a repository could hand an approved read-only skill any code to run
 * (found by a new-user pass). A name that is no regular file inside the
 * skill stays as written, as the approval leaves it out too.
 */
export const skillFileArguments = (loaded: LoadedToolSkill, command: CommandTemplate): CommandTemplate => ({
  ...command,
  args: command.args.map((arg) => {
    const text = literalOf(arg)
    if (text === undefined || text === command.program) return arg
    const real = loaded.namedFiles.get(text)
    if (real !== undefined) return [{ _tag: "Literal", text: real }]
    // An option whose value names a skill file (`--require=./scripts/hook.js`): the value, as the file's real path.
    const eq = text.startsWith("-") ? text.indexOf("=") : -1
    const value = eq > 0 ? loaded.namedFiles.get(text.slice(eq + 1)) : undefined
    return value === undefined ? arg : [{ _tag: "Literal", text: `${text.slice(0, eq + 1)}${value}` }]
  })
})

/** No refusal when nothing was hit, else the one `error` makes for the word hit. */
const refusal = (hit: string | undefined, error: (hit: string) => UsageError) => (hit === undefined ? Effect.void : Effect.fail(error(hit)))

/**
 * A tool whose command names skill content its program would find from the project's directory (a
 * directory, a file without its extension: `LoadedToolSkill.unpinned`) does not run: the project could
 * supply that code, unhashed, under the skill's approval (a tool-skill probe: `python3 -m helper` ran the
 * project's helper.py). The skill's author writes the file's path instead.
 */
const refuseUnpinned = (loaded: LoadedToolSkill, tool: { readonly name: string; readonly command?: CommandTemplate }) => {
  const hit = tool.command === undefined ? undefined : codeWords(tool.command).find((w) => loaded.unpinned.has(w))
  return refusal(
    hit,
    (w) =>
      new UsageError({
        message: `tool '${tool.name}' names '${w}' (${loaded.unpinned.get(w)}), which its program finds from the working directory: a file of the project of that name would run instead, unapproved`,
        detail: ["write the path of the skill's file itself in the command (`node main.js`, `node app/index.js`, `python3 helper.py`), then approve again"]
      })
  )
}

/**
 * A tool whose command names, as a skill path, something skc cannot pin to a file inside the skill
 * (`LoadedToolSkill.escaping`) does not run: kept as written, the word named the project's file of that
 * name, unhashed, under the skill's approval (a tool-skill probe: `bash scripts/ext.sh`, the skill's
 * `scripts/ext.sh` a link out of it, ran the project's own `scripts/ext.sh`, and so did a script the skill
 * lacked). A link out of the skill is E012, as such a program is; a missing script says so.
 */
const refuseUnpinnable = (loaded: LoadedToolSkill, tool: { readonly name: string; readonly command?: CommandTemplate }) => {
  // The program is resolved from the skill's root already (`resolveProgram`: E012 out of it, 127 when absent).
  const command = tool.command
  const hit = command === undefined ? undefined : namedFileCandidates([command]).find((w) => w !== command.program && loaded.escaping.has(w))
  if (hit === undefined) return Effect.void
  const what = loaded.escaping.get(hit)!
  if (what.kind !== "missing") return Effect.fail(new PathEscapes({ path: hit }))
  return Effect.fail(
    new UsageError({
      message: `tool '${tool.name}' runs '${hit}', ${what.why}: run from the project's directory, a file of the project of that name would run instead, unapproved`,
      detail: ["add the file to the skill (or correct its path in the command), then approve again"]
    })
  )
}

/**
 * A tool naming a script inside env's split string (`env -S './scripts/hello.sh'`) does not run: env finds
 * it from the project's directory, and no approval can pin a word inside one argument to the skill's file
 * (a hostile probe: the project's `scripts/hello.sh` ran, approved, the skill's own beside it).
 */
const refuseSplitString = (tool: { readonly name: string; readonly command?: CommandTemplate }) => {
  const hit = tool.command === undefined ? undefined : splitScripts(tool.command)[0]
  return refusal(
    hit,
    (w) =>
      new UsageError({
        message: `tool '${tool.name}' runs '${w}' inside the string env -S splits, which env finds from the project's directory: a file of the project of that name would run instead, unapproved`,
        detail: ["write the command's words apart (env X=1 ./scripts/task.sh {{v}}), then approve again"]
      })
  )
}

/**
 * A tool naming a skill file inside a longer argument (`sh -c './scripts/s.sh | sort'`) does not run: what
 * runs that argument finds the word from the project's directory, and no approval can pin a word inside an
 * argument to the skill's file (a tool-skill probe: the project's `scripts/s.sh` ran, approved, and wrote a
 * file). Passed as an argument of its own the file is pinned (`skillFileArguments`).
 */
const refuseEmbedded = (loaded: LoadedToolSkill, tool: { readonly name: string; readonly command?: CommandTemplate }) => {
  const hit = tool.command === undefined ? undefined : embeddedPathWords(tool.command).find((w) => loaded.embedded.has(w))
  return refusal(
    hit,
    (w) =>
      new UsageError({
        message: `tool '${tool.name}' names '${w}' (${loaded.embedded.get(w)}) inside a longer argument, which is read from the project's directory: a file of the project of that name would run instead, unapproved`,
        detail: [`pass it as an argument of its own, which skc pins to the skill's file (sh -c '"$1" | sort' -- ${w}), then approve again`]
      })
  )
}

/** Every refusal of a tool its command earns as the skill stands: what `skc run` checks, and `unrunnableReason` says. */
const refuseUnrunnable = (loaded: LoadedToolSkill, tool: { readonly name: string; readonly command?: CommandTemplate }) =>
  Effect.gen(function* () {
    yield* refuseSplitString(tool)
    yield* refuseUnpinned(loaded, tool)
    yield* refuseUnpinnable(loaded, tool)
    yield* refuseEmbedded(loaded, tool)
  })

/**
 * Why `tool` can never run as the skill stands (a script its command names that the skill lacks, a link out
 * of it, a program found from the working directory), as `skc run` refuses it; undefined when nothing does.
 * `skc tools` lists it with the tool's errors: a tool listed as runnable, approved and offered over MCP
 * failed every run (a tool-skill probe).
 */
export const unrunnableReason = (loaded: LoadedToolSkill, tool: { readonly name: string; readonly command?: CommandTemplate }) =>
  Effect.match(refuseUnrunnable(loaded, tool), {
    onFailure: (e: UsageError | PathEscapes): string | undefined => (e._tag === "UsageError" ? e.message : e.text),
    onSuccess: (): string | undefined => undefined
  })

/** The mode of a run: the one asked for (which the skill must support), else Global if it can, else its first. */
const runMode = Effect.fnUntraced(function* (loaded: LoadedToolSkill, asked: Mode | undefined) {
  const modes = loaded.skill.modes
  if (asked === undefined) return modes.includes("Global") ? ("Global" as const) : modes[0]
  if (!modes.includes(asked)) {
    return yield* Effect.fail(new UsageError({ message: `skill '${loaded.resolved.name}' is not available in mode '${asked}' (modes: ${modes.join(", ")})` }))
  }
  return asked
})

export const commandText = (line: CommandLine): string => [line.program, ...line.args].map(quoteArg).join(" ")

/**
 * `skc run greet hello` for hello's tool greet: the skill and the tool given the other way round said only
 * "skill 'greet' not found" (a probe). When the second word is a skill with a tool named by the first, the
 * error says so; else it stays as it was.
 */
const swappedHint = (e: SkillNotFound, skill: string, tool: string) =>
  loadToolSkill(tool).pipe(
    Effect.option,
    Effect.flatMap((other) =>
      Effect.fail(
        other._tag === "Some" && other.value.skill.tools.some((t) => t.name === skill)
          ? new SkillNotFound({ skill, hint: `'${skill}' is a tool of skill '${other.value.resolved.name}': skc run ${quoteArg(other.value.resolved.name)} ${quoteArg(skill)}` })
          : e
      )
    )
  )

/** Everything up to the approval: the prepared run, or the reason it cannot happen. */
export const prepareRun = Effect.fn("skc.prepareRun")(function* (input: RunInput) {
  const env = yield* Env
  const askedMode = yield* parseMode(input.mode)
  const loaded = yield* loadToolSkill(input.skill).pipe(Effect.catchTag("SkillNotFound", (e) => swappedHint(e, input.skill, input.tool)))
  const tool = yield* findTool(loaded, input.tool)
  yield* refuseUnrunnable(loaded, tool)
  const mode = yield* runMode(loaded, askedMode)
  const values = buildArguments(tool.parameters, {
    ...(input.args !== undefined ? { json: input.args } : {}),
    ...(input.arg_pairs !== undefined ? { pairs: input.arg_pairs } : {})
  })
  // The refusal quotes the value to the caller; the access log (pushed to a team's database, maybe) keeps it without.
  const refused = (why: string) =>
    new UsageError({ message: `${input.tool}: ${why}`, logged: `${input.tool}: ${withoutValues(why, givenValues(input.args, input.arg_pairs))}` })
  if (values._tag === "Failure") return yield* Effect.fail(refused(values.failure))
  const line = interpolate(skillFileArguments(loaded, tool.command!), tool.parameters, values.success)
  if (line._tag === "Failure") return yield* Effect.fail(refused(line.failure))
  const program = yield* resolveProgram(loaded, line.success.program)
  const cwd = yield* workingDirectory
  const childEnv = inlinePythonSafe(
    line.success.program,
    line.success.args,
    toolEnvironment(env.all(), { name: loaded.resolved.name, dir: loaded.resolved.canonicalSourceDir, mode }, env.platform)
  )
  const timeoutSecs = input.timeout ?? loaded.skill.timeoutSecs
  return { loaded, tool, mode, line: line.success, program, cwd, childEnv, timeoutSecs }
})

export type PreparedRun = Effect.Success<ReturnType<typeof prepareRun>>

/** The `#!` interpreter of the file `program` names, when it is a file skc can read; else undefined. */
const interpreterOf = (program: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    if (!program.includes("/") && !program.includes("\\")) return undefined
    const head = yield* fs.readHead(program, 1).pipe(Effect.option)
    return head._tag === "Some" ? shebangOf(new TextDecoder().decode(head.value.head)) : undefined
  })

export const execute = Effect.fn("skc.execute")(function* (prepared: PreparedRun) {
  const runner = yield* ProcessRunner
  const result = yield* runner.run({
    program: prepared.program,
    args: prepared.line.args,
    cwd: prepared.cwd,
    env: prepared.childEnv,
    timeoutMs: prepared.timeoutSecs * 1000,
    killGraceMs: KILL_GRACE_MS
  })
  // ENOENT for a script that exists: its `#!` interpreter is what is missing (the shell says so too).
  const interpreter =
    result.outcome._tag === "SpawnFailed" && result.outcome.code === "ENOENT" ? yield* interpreterOf(prepared.program) : undefined
  const envelope = makeEnvelope(result.outcome, result, result.durationMs, prepared.line.program, interpreter)
  const out: RunResult = {
    skill: prepared.loaded.resolved.name,
    tool: prepared.tool.name,
    command: [prepared.line.program, ...prepared.line.args],
    cwd: prepared.cwd,
    envelope
  }
  return out
})

/**
 * The logged `args` of a tool's run (DECISIONS #18; `skc run`, and a `<skill>__<tool>` call over MCP): the tool
 * and the exit code it ended with (null when it did not run: refused, or a bad argument). The arguments'
 * values are not kept: they are the agent's (a message, a path, a token), and a log is shared with a team.
 */
/** The exit code a run's row records when it was cancelled or stopped by a signal before it ended (docs/tool-skills.md). */
export const CANCELLED_EXIT = 130

export const runLogArgs = (tool: string, envelope: { readonly exit_code?: number } | undefined): Readonly<Record<string, unknown>> => ({
  tool,
  exit_code: envelope?.exit_code ?? null
})

export const run = Effect.fn("skc.run")(function* (input: RunInput) {
  const prompter = yield* Prompter
  const prepared = yield* prepareRun(input)
  const { loaded, tool } = prepared
  const name = loaded.resolved.name
  if (loaded.trust === "untrusted") {
    yield* warn(Warning.notice(`skill '${name}' is outside the source stores (${loaded.resolved.sourceDir}): untrusted, it runs arbitrary commands`))
  }
  const decision = decideApproval({ trust: loaded.trust, state: loaded.approval, readOnly: loaded.skill.readOnly, alwaysAsk: loaded.skill.alwaysAsk })
  if (decision.ask && input.yes !== true) {
    if (!prompter.interactive) {
      return yield* Effect.fail(
        new UsageError({
          message: `tool '${tool.name}' of skill '${name}' needs confirmation: ${decision.reason}`,
          detail: [
            "no terminal to ask on; pass --yes to run it anyway" + (decision.approvable ? `, or approve the skill first with 'skc approve ${name}'` : "")
          ]
        })
      )
    }
    // Every line made visible (control characters escaped): a skill's description or an agent's value holding
    // ESC [8m hid the command line that follows from the person asked to approve it.
    const ok = yield* prompter.confirm(
      [
        ...(loaded.trust === "untrusted" ? ["WARNING: untrusted skill (outside the source stores)"] : []),
        `Skill:       ${name}${loaded.skill.version ? ` ${loaded.skill.version}` : ""} (${loaded.resolved.sourceDir})`,
        `Tool:        ${tool.name}: ${tool.description}`,
        `Command:     ${commandText(prepared.line)}`,
        `Directory:   ${prepared.cwd}`,
        `Why asked:   ${decision.reason}`,
        ...declarationsInWords(loaded.skill).map((d) => `Declared:    ${d}`)
      ].map(visible),
      decision.approvable ? "Approve this skill and run?" : "Run?"
    )
    if (!ok) return yield* Effect.fail(new UsageError({ message: `run of '${tool.name}' declined` }))
    if (decision.approvable) yield* recordApproval(loaded)
  }
  return yield* execute(prepared)
})
