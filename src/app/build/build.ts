/**
 * `skc build` (RFC-0001, RFC-0007:C-COMMANDS build, ADR-0002): resolve (or
 * import a path), compile into the SSOT runtime directory, deploy to each
 * target.
 *
 * Order matters for "never surprising": targets are validated and every
 * destination checked before anything is written, so an unknown target or a
 * hand-made agent directory fails the build with nothing changed.
 */
import { Cause, Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InvalidOption, SkillNotFound, UsageError, Warning } from "../../domain/errors.js"
import { profilesForTargets } from "../../domain/agents/index.js"
import { bodyText, shellInjectionNotice, shellInjections } from "../../domain/agents/claudeBody.js"
import { CODEX_METADATA_FILE } from "../../domain/agents/codexPolicy.js"
import { manualOnlyIgnoredBy, manualOnlyNotice } from "../../domain/agents/manualOnly.js"
import { fieldValueProblems, skl115 } from "../../domain/lint/rules/skl115-field-value.js"
import { PLACEHOLDER, placeholderMessage, skl106 } from "../../domain/lint/rules/skl106-description-nonempty.js"
import { skl104 } from "../../domain/lint/rules/skl104-name-match-dir.js"
import { skl301 } from "../../domain/lint/rules/skl301-link-file-exists.js"
import { skl207 } from "../../domain/lint/rules/skl207-utf8-text.js"
import { makeSnapshot, treeEntries } from "../../domain/lint/snapshot.js"
import { configureRules, runRules } from "../../domain/lint/runner.js"
import { MAIN_DOC } from "../../domain/sourcePaths.js"
import { DEFAULT_TARGET, describeTargetOption, describeTargetProblem, parseTargets, type TargetSpec } from "../../domain/targets.js"
import { verbose, warn } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { shellWord } from "../../domain/shellWord.js"
import { compileSkill, repairMetaDir, writeRuntime } from "./compile.js"
import { compileAndIndex, indexRecords } from "./indexing.js"
import { deploy, Deployment, homeCopies, planDeployments, shadowedProjectCopies, type PlannedDeployment } from "./deploy.js"
import { warnTargetOverlap } from "./targetOverlap.js"
import { warnAboveRepository } from "../skills/index.js"
import { warnStaleLinks } from "./staleLinks.js"
import { ImportResult, importScope, importSkill, refuseExistingCopy } from "./importSkill.js"
import { describeSkillDir, displayPath, foreignRuntimeDir, foreignSkillNote, resolveCommandSkill, resolveSkill, type ResolvedSkill } from "../skills/index.js"
import { AccessLog } from "../../ports/AccessLog.js"
import { logDbIn } from "../usage/index.js"
import { Settings } from "../shared/index.js"

export const BuildInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  global: Schema.optional(Schema.Boolean).annotate({ description: "Build into the global runtime; import into the global store" }),
  target: Schema.optional(Schema.Union([Schema.String, Schema.Array(Schema.String)])).annotate({
    description: "Agents to deploy to (default: [build] targets, else claude), a [targets] name or a directory; comma-separated"
  }),
  copy: Schema.optional(Schema.Boolean).annotate({ description: "Copy instead of symlink/junction" }),
  force: Schema.optional(Schema.Boolean).annotate({ description: "Overwrite on import; replace a non-link agent directory" })
})
export type BuildInput = typeof BuildInput.Type

/** The `--target` of a build as one comma-separated text (the MCP tool takes a list too), or undefined when not given. */
export const givenTargetText = (target: BuildInput["target"]): string | undefined =>
  Array.isArray(target) ? target.join(",") : (target as string | undefined)

/**
 * The `--format json` document and MCP structured content: the Schema is
 * the tool's `outputSchema`, the type derived from it (issue 28).
 */
export const BuildResult = Schema.Struct({
  skill: Schema.String,
  scope: Schema.Literals(["project", "global"]),
  source: Schema.String,
  /** Which store the source lives in. */
  source_scope: Schema.Literals(["project", "global"]),
  runtime: Schema.String,
  imported: Schema.NullOr(ImportResult),
  source_hash: Schema.String,
  file_count: Schema.Int,
  markdown_count: Schema.Int,
  total_bytes: Schema.Number,
  deployments: Schema.Array(Deployment),
  /**
   * What the build did to the search index (additive, DECISIONS #40): `up-to-date` when the sources match the
   * last build (RFC-0004:C-INDEX step 5, "skip rebuild"). A build with nothing to do printed and reported
   * exactly what a full one does, so over 400 skills nobody could tell which had changed.
   */
  index: Schema.Literals(["created", "rebuilt", "updated", "up-to-date"])
})
export type BuildResult = typeof BuildResult.Type

export interface BuildOptions {
  /** False: refresh runtime and index only (`skc mcp --watch`: links stay as the author made them). */
  readonly deploy?: boolean
  /** False: no warning about targets one agent reads twice (a build of several skills says it once for all). */
  readonly overlapWarning?: boolean
  /** False: no look for deployments whose skill left the store (`build --watch` rebuilds one skill at a time). */
  readonly orphanWarning?: boolean
}

/**
 * The targets a build deploys to: `--target`, else the configuration's `[build] targets` (DECISIONS #51),
 * else claude. A bad `--target` is E100, a bad configured one the configuration's error. `buildMany`
 * checks them once before its first skill: `build --all --target ''` said the same E100 once per skill.
 */
export const buildTargets = Effect.fnUntraced(function* (target: BuildInput["target"]) {
  const { config } = yield* Settings
  const given = givenTargetText(target)
  const targetText = given ?? (config.buildTargets.length > 0 ? config.buildTargets.join(",") : undefined)
  const parsed = parseTargets(targetText, config.targets)
  if ("problem" in parsed) {
    if (given === undefined) return yield* Effect.fail(new UsageError({ message: describeTargetProblem(parsed.problem) }))
    const { message, hint } = describeTargetOption(parsed.problem, config.targets)
    return yield* Effect.fail(new InvalidOption({ message, suggestion: hint }))
  }
  return { ...parsed, given, targetText }
})

/** Build and keep the compilation (tree, parsed markdown) for callers such as the search index. */
export const buildWithArtifacts = Effect.fn("skc.buildWithArtifacts")(function* (
  input: BuildInput,
  options: BuildOptions = {}
) {
  const path = yield* Path
  const { stores, config } = yield* Settings
  const parsed = yield* buildTargets(input.target)
  const { given, targetText } = parsed
  const force = input.force ?? false
  const global = input.global ?? false

  // Stores and paths only: a build never replaces an agent directory entry it did not deploy (DECISIONS #38).
  const skill = yield* resolveCommandSkill(input.skill, { agentDirs: false }).pipe(
    Effect.catchTag("SkillNotFound", (e) => adoptionHint(e, input.skill))
  )
  const importing = skill.scope === "path"
  if (importing) yield* refuseCompiled(skill)
  if (importing) yield* refuseExistingCopy(skill, { global, force })
  const scope: "project" | "global" = importing
    ? importScope(stores, global)
    : global || skill.scope === "global" || stores.projectRuntime === undefined ? "global" : "project"
  // The agent directories are checked before anything is written: a refused destination must not leave the
  // skill imported and unbuilt, its name then resolving to a store copy without an index (E002 for agents
  // that read it a moment before, as a foreign skill).
  const plans = options.deploy === false ? [] : yield* planDeployments(parsed.targets, skill.name, { force, scope, ...(importing ? { importing: skill.canonicalSourceDir } : { source: skill.sourceDir }) })
  const runtimeDir = path.join(scope === "global" ? stores.globalRuntime : stores.projectRuntime!, skill.name)
  const how = { input, scope, plans, targets: parsed.targets, deploys: options.deploy !== false, targetText, overlap: options.overlapWarning !== false ? { fromConfig: given === undefined, given } : undefined }
  if (!importing) return yield* buildResolved(skill, runtimeDir, { ...how, imported: null })
  // RFC-0001:C-INPUT: a source that does not build is not left in the store. The copy is built; when that fails
  // it is taken out (a replaced copy put back) and a runtime directory the build made is removed.
  const fs = yield* FileSystem
  const runtimeExisted = (yield* fs.lstatOption(runtimeDir).pipe(unseenAs(undefined))) !== undefined
  const done = yield* importSkill(skill, { global, force })
  yield* verbose(`imported ${done.result.from} into ${done.result.to}`)
  const built = yield* describeSkillDir(done.result.to, done.result.scope).pipe(
    Effect.flatMap((copy) => buildResolved(copy, runtimeDir, { ...how, imported: done.result })),
    Effect.onError(() =>
      Effect.andThen(done.undo, runtimeExisted ? Effect.void : fs.remove(runtimeDir, { recursive: true }).pipe(Effect.ignore))
    )
  )
  yield* done.settle
  yield* carryForeignHistory(skill, runtimeDir)
  return built
})

/**
 * Adopting a skill an agent directory held (`skc build .claude/skills/docx
 * --force`): as a foreign skill its access log was in the cache (DECISIONS
 * #38), which nothing reads once the name resolves to the adopted copy. Its
 * rows are merged into the new runtime's log, so `skc stats` keeps the
 * agents' reads from before; merging skips rows already there, so adopting
 * again adds nothing, and the cache's log is left as it was. Best effort:
 * a history that cannot be read or written is a warning, never a failed
 * build.
 */
const carryForeignHistory = (source: ResolvedSkill, runtimeDir: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const log = yield* AccessLog
    const cacheLog = logDbIn(yield* foreignRuntimeDir(source.name, source.canonicalSourceDir), path)
    if ((yield* fs.statOption(cacheLog).pipe(unseenAs(undefined)))?.type !== "file") return
    const rows = yield* log.readAll(cacheLog)
    if (rows.length === 0) return
    const added = yield* log.merge(logDbIn(runtimeDir, path), rows, { dryRun: false })
    yield* verbose(`carried ${added} access-log row(s) of '${source.name}' from its cache log ${cacheLog}`)
  }).pipe(
    Effect.catchCause((cause) =>
      warn(Warning.notice(`the access history of '${source.name}' from before its adoption stays in its cache log (${Cause.pretty(cause).split("\n")[0]})`))
    )
  )

/** The manifest a compiled directory holds (`.skillc-meta/manifest.json`), with the source it names; undefined where there is none. */
const manifestIn = (dir: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const text = yield* fs.readFileString(path.join(dir, META_DIR, MANIFEST_FILE)).pipe(unseenAs(undefined))
    return text === undefined ? undefined : { source: parseManifest(text)?.source_path }
  })

/**
 * A runtime another source built, whose source is still there (`skc build alpha --global` in a project, when
 * the global store has its own alpha): the build replaces that skill's stub, and every agent reading its
 * deployment loads this one, while `skc show alpha` elsewhere still answers from the other source. Said, as
 * RFC-0007:C-RESOLUTION lets two sources of one name share a runtime; nothing is refused.
 */
const warnTakeover = Effect.fnUntraced(function* (skill: ResolvedSkill, runtimeDir: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const other = (yield* manifestIn(runtimeDir))?.source
  if (other === undefined || other === skill.canonicalSourceDir) return
  if ((yield* fs.statOption(path.join(other, "SKILL.md")).pipe(unseenAs(undefined)))?.type !== "file") return
  yield* warn(
    Warning.notice(
      `'${skill.name}' was built here from ${displayPath(stores.cwd, other, path)}; this build replaces it with ${displayPath(stores.cwd, skill.canonicalSourceDir, path)}: agents reading its deployment now load this one (build the other again to switch back)`
    )
  )
})

/** The build proper of a resolved (or just imported) skill into `runtimeDir`. */
const buildResolved = Effect.fnUntraced(function* (
  skill: ResolvedSkill,
  runtimeDir: string,
  options: {
    readonly input: BuildInput
    readonly scope: "project" | "global"
    readonly plans: ReadonlyArray<PlannedDeployment>
    /** The targets asked for (old links under home are looked for in each). */
    readonly targets: ReadonlyArray<TargetSpec>
    /** False for `skc mcp --watch`'s rebuilds: links stay as the author made them. */
    readonly deploys: boolean
    readonly targetText: string | undefined
    /**
     * Warn about targets one agent reads twice, and links an earlier build left in other target directories;
     * `fromConfig`: the targets are `[build] targets`; `given`: the `--target` text.
     */
    readonly overlap: { readonly fromConfig: boolean; readonly given: string | undefined } | undefined
    readonly imported: ImportResult | null
  }
) {
  const { input, scope, plans, targets, deploys, targetText, imported, overlap } = options
  const path = yield* Path
  // The global runtime is shared by every project and the global store; a project's runtime is its own
  // (a copied project's was built from the original: no takeover to speak of).
  if (scope === "global") yield* warnTakeover(skill, runtimeDir)

  // Incremental (issue 16): what the index remembers of each file, and what later commands
  // settled beside it (issue 30), let the compilation skip files whose size and mtime have not moved.
  // A `.skillc-meta` that is not a directory is moved aside first (issue 19), so the previous index is read from a sound place.
  yield* repairMetaDir(path.join(runtimeDir, META_DIR))
  const records = yield* indexRecords({ ...skill, runtimeDir })
  // The search index (RFC-0004:C-INDEX) from the same compilation (markdown
  // parsed once), fed file by file as it is read when it is written whole
  // (issue 44). Before anything else is written, so a hash collision (E003)
  // stops the build with nothing changed.
  const { compiled, update: index } = yield* compileAndIndex({ ...skill, runtimeDir }, records, (feed) =>
    compileSkill({ ...skill, runtimeDir }, { ...records, ...(feed === undefined ? {} : { feed }) })
  )
  // Issue 43 (DECISIONS #51): a field value the targets' agents misread is lint's SKL115 error; the build warns and goes on.
  const main = compiled.markdown.find((m) => m.path === MAIN_DOC)
  const fm = main?.doc.frontmatter
  const profiles = profilesForTargets((targetText ?? DEFAULT_TARGET).split(",").map((w) => w.trim()))
  // Claude Code runs a SKILL.md's `!`command`` lines in the file it loads, which is the stub: say they will not run.
  if (main !== undefined && profiles.some((p) => p.name === "claude")) {
    const shell = shellInjections(bodyText(main.source, main.doc.bodyStartLine), main.doc.bodyStartLine)
    if (shell.length > 0) yield* warn(Warning.notice(shellInjectionNotice(skill.name, shell)))
  }
  // A lint rule the configuration turns off (`[lint] SKL106 = "off"`) is not said by build either.
  const lintSettings = (yield* Settings).config.lint
  const ruleOn = (id: string) => lintSettings[id]?.severity !== "off"
  if (fm?._tag === "Parsed") {
    if (ruleOn(skl115.id)) for (const p of fieldValueProblems(fm.data, profiles)) yield* warn(Warning.lint(skl115.id, skl115.name, p.message))
    // A skill meant for a person to invoke, deployed where agents read no such field: their model may run it.
    const ignored = manualOnlyIgnoredBy(fm.data, profiles)
    if (ignored !== undefined) yield* warn(Warning.notice(manualOnlyNotice(skill.name, ignored)))
    // `skc init`'s template description (lint's SKL106 error) would be what agents read to decide on the skill: said, not refused.
    const description = fm.data.description
    if (typeof description === "string" && PLACEHOLDER.test(description) && ruleOn(skl106.id)) {
      yield* warn(Warning.lint(skl106.id, skl106.name, `${placeholderMessage(description)}; agents read it to decide when to load the skill`))
    }
    // A SKILL.md saved in Latin-1 (lint's SKL207): the deployed description holds U+FFFD where a letter was, and the
    // build said nothing (a team's probe: `Caf\xe9` was deployed as `Caf\uFFFD`).
    if (typeof description === "string" && description.includes("\uFFFD") && ruleOn(skl207.id)) {
      yield* warn(Warning.lint(skl207.id, skl207.name, `SKILL.md is not valid UTF-8: the description agents read holds U+FFFD (\uFFFD) in place of a character; save the file as UTF-8`))
    }
    // A skill imported by path keeps its folder's name (DECISIONS #19, #52): one whose `name` says otherwise is
    // listed to agents under that name and served by skc under the folder's, so an agent asking for the name it
    // was shown gets E001 (published skills do this: 'vercel-react-best-practices' in 'react-best-practices').
    const declared = fm.data.name
    if (typeof declared === "string" && declared.length > 0 && declared.normalize("NFKC") !== skill.name.normalize("NFKC") && ruleOn(skl104.id)) {
      // A folder copied under a new name (`cp -r xlsx spreadsheets`) keeps the other's `name`: agents then list
      // two skills of one name, which only `skc discover` told (a team's probe).
      const fs = yield* FileSystem
      const twin = declared.includes("/") || declared.includes("\\") ? undefined : path.join(path.dirname(skill.sourceDir), declared, MAIN_DOC)
      const clash = twin !== undefined && (yield* fs.statOption(twin).pipe(unseenAs(undefined)))?.type === "file"
      yield* warn(
        Warning.lint(
          skl104.id,
          skl104.name,
          `name '${declared}' does not match directory '${skill.name}': agents list it as '${declared}', skc stores and serves it as '${skill.name}', and the MCP Skills extension (skills/list, skill:// resources) does not serve it (its name must be its directory's); rename one so they are equal` +
            (clash ? `; the store's skill '${declared}' is listed under that name too, so agents see two skills named '${declared}'` : "")
        )
      )
    }
  }
  // A link of SKILL.md to a file the skill does not hold (lint's SKL301 error): the first file an agent reads sends it
  // nowhere (an author moved a reference and rebuilt; the build said nothing and agents met E021). SKILL.md's links
  // only, from the text this build read: the other files' are lint's, and reading them all would cost a large skill.
  if (main !== undefined && ruleOn(skl301.id)) {
    const snapshot = makeSnapshot({ dirName: skill.name, entries: treeEntries(compiled.tree), markdownFiles: [{ path: MAIN_DOC, source: main.source }], profiles })
    // Through lint's runner, so an inline `skilllint-disable` and the configured severity count as in lint (a team's
    // silenced links were repeated by every build "as an error").
    const setting = lintSettings[skl301.id]
    const { rules } = configureRules([skl301], setting === undefined ? {} : { [skl301.id]: setting })
    for (const f of runRules(snapshot, rules)) {
      const as = f.severity === "error" ? "an error" : "a warning"
      yield* warn(Warning.lint(skl301.id, skl301.name, `${f.file}:${f.line}:${f.column}: ${f.message}; an agent following it finds no file (skc lint reports it as ${as})`))
    }
  }
  // Codex reads agents/openai.yaml beside the SKILL.md it discovers: the runtime's stub, where RFC-0001:C-OUTPUT
  // allows no source file. Its policy and interface do not reach Codex; say so rather than let it fail silently.
  if (profiles.some((p) => p.name === "codex") && compiled.tree.files.some((f) => f.path === CODEX_METADATA_FILE)) {
    yield* warn(
      Warning.notice(
        `${skill.name}: ${CODEX_METADATA_FILE} is not deployed (the runtime holds only the stub, RFC-0001:C-OUTPUT): Codex reads the deployed skill, so its policy and interface do not apply there`
      )
    )
  }
  yield* verbose(`search index ${index.action}${index.reason ? ` (${index.reason})` : ""}: ${index.path}`)
  yield* writeRuntime(runtimeDir, compiled)
  const deployments: Array<Deployment> = []
  for (const plan of plans) deployments.push(yield* deploy(runtimeDir, plan, { copy: input.copy ?? false, force: input.force ?? false }))
  if (overlap !== undefined) yield* warnTargetOverlap(deployments, { scope, skills: [skill.name], fromConfig: overlap.fromConfig })
  if (overlap !== undefined && scope === "project") yield* warnAboveRepository(deployments)
  if (scope === "project" && deploys) {
    const home = yield* homeCopies(targets, skill.name, runtimeDir)
    // Said, not only with -v: after an upgrade from an skc that deployed project skills under the home
    // (before DECISIONS #9 was revised), the agents list that link in every project, and Claude Code lists
    // it instead of the project's own (discover: "shadowed"), which the build gave no sign of.
    for (const old of home.oldLinks) {
      yield* warn(
        Warning.notice(
          `${old}: an old link under your home still points at this project's runtime, so agents list '${skill.name}' in every project (Claude Code lists it instead of this project's own); remove it (rm ${shellWord(old)}) unless the skill should be seen everywhere`
        )
      )
    }
    // Claude Code lists the user's copy of a name, not the project's: the skill just deployed would never be seen.
    for (const copy of home.userFirst) {
      yield* warn(Warning.notice(`${copy.path} is another '${skill.name}': ${copy.title} lists the user's copy, not this project's (rename one, or remove the user's)`))
    }
  }
  // The same said from the other side: a project's skill built --global puts the user's copy that hides the project's own.
  if (scope === "global" && skill.scope === "project" && deploys && deployments.length > 0) {
    for (const copy of yield* shadowedProjectCopies(targets, skill.name)) {
      yield* warn(
        Warning.notice(
          `${copy.path} is this project's own '${skill.name}': ${copy.title} now lists the user's copy just deployed instead, in this project too (remove one of them, or build without --global)`
        )
      )
    }
  }

  const result: BuildResult = {
    skill: skill.name,
    scope,
    source: skill.sourceDir,
    source_scope: skill.scope === "global" ? "global" : "project",
    runtime: runtimeDir,
    imported,
    source_hash: compiled.sourceHash,
    file_count: compiled.tree.files.length,
    markdown_count: compiled.markdownCount,
    total_bytes: compiled.totalBytes,
    deployments,
    index: index.action
  }
  // After the lines above: an earlier --target's links to this runtime that this build did not deploy.
  if (overlap !== undefined && scope === "project" && deploys) yield* warnStaleLinks([result], overlap.given)
  return { result, compiled }
})

/**
 * `skc build <name>` takes the stores only (DECISIONS #38): a skill kept in
 * an agent directory (`.claude/skills/pdf`, which `skc list` shows as
 * foreign) is not found by name. E001 then says how to adopt it — by its
 * path, which imports it — instead of pointing at `skc list`, where the
 * name is listed.
 */
const adoptionHint = (e: SkillNotFound, name: string) =>
  Effect.gen(function* () {
    const found = yield* Effect.result(resolveSkill(name))
    if (found._tag === "Success" && found.success.foreign === true) return yield* Effect.fail(yield* adoptionError(e.skill, found.success))
    return yield* Effect.fail(yield* buildableSuggestions(e))
  })

/**
 * E001 for a name only an agent directory holds: how to adopt it. Not for a stub skc deployed whose
 * source is gone (renamed, deleted): "skc did not build" was false there, and the adoption it offered
 * imported the stub as a source.
 */
const adoptionError = (skill: string, found: ResolvedSkill) =>
  Effect.gen(function* () {
    const { where, what } = yield* foreignSkillNote(found)
    if (found.missingSource === undefined) return new SkillNotFound({ skill, hint: `${what}; adopt it with: skc build ${where} --force` })
    return new SkillNotFound({
      skill,
      hint: `${where} is a stub skc deployed, not a source: build the skill where its source (${found.missingSource}) is, or remove ${where} if that source is gone`
    })
  })

/**
 * A compiled runtime (it holds .skillc-meta/manifest.json, RFC-0008 SKL001's test) is no source: importing
 * `.claude/skills/<name>` or `.skillc/runtime/<name>` put the stub into the store, and the `--force` that E050
 * then offered replaced the author's source with it. Refused before anything is written.
 */
const refuseCompiled = Effect.fnUntraced(function* (skill: ResolvedSkill) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const manifest = yield* manifestIn(skill.sourceDir)
  if (manifest === undefined) return
  const source = manifest.source
  const sourceHere = source !== undefined && (yield* fs.statOption(path.join(source, "SKILL.md")).pipe(unseenAs(undefined)))?.type === "file"
  const hint = sourceHere
    ? `build its source instead: skc build ${shellWord(displayPath(stores.cwd, source, path))}`
    : `its source${source === undefined ? "" : ` (${source})`} is not here: build the skill where its source is (in a clone: skc build --all)`
  return yield* Effect.fail(
    new UsageError({ message: `'${displayPath(stores.cwd, skill.sourceDir, path)}' is a skill skc compiled (a stub beside .skillc-meta/manifest.json), not a source to import`, detail: [hint] })
  )
})

/**
 * E001's close names come from every directory a name resolves in, agent directories included; a
 * foreign one (`skc build .claude/skills/pdf` run from `src/api` suggests `pdf`) fails again when run
 * as printed. Keep the names `build` takes; when only foreign ones are close, say how to adopt the first.
 */
const buildableSuggestions = (e: SkillNotFound) =>
  Effect.gen(function* () {
    if (e.hint !== undefined || e.suggestions === undefined || e.suggestions.length === 0) return e
    const buildable: Array<string> = []
    let foreign: ResolvedSkill | undefined
    for (const name of e.suggestions) {
      const found = yield* Effect.result(resolveSkill(name))
      if (found._tag === "Failure") continue
      if (found.success.foreign === true) foreign ??= found.success
      else buildable.push(name)
    }
    if (foreign === undefined) return e
    if (buildable.length > 0) return new SkillNotFound({ skill: e.skill, suggestions: buildable })
    return yield* adoptionError(e.skill, foreign)
  })

export const build = (input: BuildInput, options: BuildOptions = {}) =>
  Effect.map(buildWithArtifacts(input, options), (r) => r.result)

/** The `args` of a `build` row (DECISIONS #18). */
export const buildLogArgs = (input: Omit<BuildInput, "skill">) => ({ global: input.global, target: input.target, copy: input.copy, force: input.force })
