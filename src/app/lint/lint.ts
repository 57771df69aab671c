/**
 * `skc lint` (RFC-0008, RFC-0007:C-COMMANDS): check skills against the rule
 * registry. With a skill (name or any directory path) lint that one; without,
 * every skill of the project source store.
 *
 * `lintSkills` returns the full outcome (display paths, skipped compiled
 * skills) for the renderers; `lint` returns the `--format json` document of
 * DECISIONS #12 (an array of those documents when no skill was named).
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InternalError, InvalidOption, NotASkill, UsageError, Warning } from "../../domain/errors.js"
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES, profileOf, profilesForTargets } from "../../domain/agents/index.js"
import { describeTargetProblem, parseTargets } from "../../domain/targets.js"
import type { AgentProfile } from "../../domain/agents/profile.js"
import { MANIFEST_FILE, META_DIR, parseManifest } from "../../domain/manifest.js"
import { configureRules, runRules } from "../../domain/lint/runner.js"
import { RULES } from "../../domain/lint/registry.js"
import { COMPILED_WARNING, skl001 } from "../../domain/lint/rules/skl001-skip-compiled.js"
import { makeSnapshot } from "../../domain/lint/snapshot.js"
import type { LintDiagnostic } from "../../domain/lint/types.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { FileSystem, isDenied, isRegularFile, unseenAs } from "../../ports/FileSystem.js"
import { describeSkillDir, displayPath, foreignSkillNote, type ResolvedSkill, resolveCommandSkill, resolveSkill } from "../skills/index.js"
import { readSkillTree } from "./lintTree.js"
import { fsInternal, ioReason, readFailure, Settings, type TargetFailure, targetFailure, touchSkill } from "../shared/index.js"
import { fixSkill } from "../../domain/lint/fixLoop.js"
import { unifiedDiff } from "../../domain/lint/unifiedDiff.js"
import { inTargetOrder } from "../../domain/lint/targetOrder.js"
import { caseVariantHint, danglingLinkNotice, misnamedSkillFoldersIn, scannedRepositoryRoot, skillFoldersIn } from "../skills/index.js"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { Progress } from "../../ports/Progress.js"

export const LintInput = Schema.Struct({
  skill: Schema.optional(Schema.String).annotate({
    description: "Skill name or path to a skill directory; omitted: every skill of the project store."
  }),
  /** Several skills at once (`skc lint pdf docx`, a shell glob in CI), each a name, a skill directory or a folder of them. CLI only. */
  skills: Schema.optional(Schema.Array(Schema.String)),
  force: Schema.optional(Schema.Boolean).annotate({ description: "Lint even if the skill is compiled (SKL001)." }),
  agent: Schema.optional(Schema.String).annotate({
    // Short: every byte of it goes into tools/list on every connection (issue 26: ≤ 12 KB); the names are skc_discover's `agent` values.
    description: "Agents to lint for, comma-separated (default: [build] targets, else claude; agentskills: the strict spec)."
  }),
  /** `--fix` (issue 50): apply every certain fix, then report what remains. CLI only: the MCP tool is read-only. */
  fix: Schema.optional(Schema.Boolean),
  /** `--fix-dry-run`: compute the fixes, print their unified diff, write nothing. */
  fixDryRun: Schema.optional(Schema.Boolean),
  /**
   * Most findings of each skill (its errors first): over MCP 100 unless the call says (docs/mcp.md "Payload
   * budgets"); a 3,000-file skill's 6,001 findings were one 1.4 MB answer. The rest are counted (`not_shown`).
   */
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "Most findings (default 100), errors first" }))
})
export type LintInput = typeof LintInput.Type

/**
 * `skc_lint`'s input (RFC-0007:C-COMMANDS: `skill` is required there): one
 * skill, so the result is one DECISIONS #12 object, as MCP structured
 * content must be.
 */
export const LintSkillInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  force: LintInput.fields.force,
  agent: LintInput.fields.agent,
  limit: LintInput.fields.limit
})
export type LintSkillInput = typeof LintSkillInput.Type

export interface LintReport {
  readonly skill: string
  /** The skill directory as a user would type it (cwd-relative when below the cwd). */
  readonly path: string
  /** A compiled skill skipped by SKL001. */
  readonly skipped: boolean
  /** Of a skipped compiled skill: its source directory as a user would type it (from its manifest), to lint instead. */
  readonly source?: string
  readonly diagnostics: ReadonlyArray<LintDiagnostic>
  /** With `--fix`/`--fix-dry-run` (issue 50): the findings a certain fix was applied for. */
  readonly fixed?: ReadonlyArray<LintDiagnostic>
  /** With `--fix-dry-run`: the unified diff of each file a fix changes, in file order. */
  readonly diffs?: ReadonlyArray<string>
  /**
   * With `--fix-dry-run`: the skill's folder relative to the working directory even when outside it
   * (`../x`), as `git diff --no-index ../x …` names it. `path` is absolute there (a message names the
   * place), which made the diff's header `--- a//home/…`, a path no tool reads.
   */
  readonly diffDir?: string
  /** Findings left out by `limit` (the errors among them too): the summary counts them. Absent: none. */
  readonly notShown?: { readonly errors: number; readonly warnings: number }
}

/**
 * The report with at most `limit` findings, its errors first (an error is never left out for a warning),
 * in the report's order; what it left out counted.
 */
export const limitFindings = (r: LintReport, limit: number | undefined): LintReport => {
  if (limit === undefined || r.diagnostics.length <= limit) return r
  const errors = r.diagnostics.filter((d) => d.severity === "error")
  const kept = new Set([...errors, ...r.diagnostics.filter((d) => d.severity !== "error")].slice(0, limit))
  const left = r.diagnostics.filter((d) => !kept.has(d))
  const leftErrors = left.filter((d) => d.severity === "error").length
  return { ...r, diagnostics: r.diagnostics.filter((d) => kept.has(d)), notShown: { errors: leftErrors, warnings: left.length - leftErrors } }
}

/**
 * A target of several that was not linted (`skc lint good nope`: E001, E010,
 * an unreadable skill): the others are linted all the same, and every
 * document says what failed, as `skc build a b` does; the run exits 1.
 */
export interface LintFailure {
  /** The target as it was named (`nope`, `skills/notes`), or the name of a skill that resolved but could not be read. */
  readonly target: string
  /** Of a skill that resolved: its directory as the text output names it. */
  readonly path?: string
  readonly error: TargetFailure
  /** How many reports come before it: the documents keep the order in which the targets were named. */
  readonly at: number
}

export interface LintOutcome {
  /** A skill was named: one report, JSON is one object. */
  readonly single: boolean
  /**
   * That skill was named by a path (`skills/pdf/`, a CI glob that matched one folder): its text lines name the
   * file from the working directory, as a lint of several does, so a problem matcher places it in the repository.
   */
  readonly namedByPath?: boolean
  readonly reports: ReadonlyArray<LintReport>
  /** The targets of several that failed (never of a single skill, whose failure is the command's). Absent: none. */
  readonly failures?: ReadonlyArray<LintFailure>
  /** The agent profiles linted for (DECISIONS #51; issue 43), by name. */
  readonly agents: ReadonlyArray<string>
  /** What reading the configuration reported (a file or a setting ignored), for SARIF's tool configuration notifications. */
  readonly configProblems?: ReadonlyArray<{ readonly level: "error" | "warning"; readonly message: string }>
}

/**
 * DECISIONS #12: `{"skill", "diagnostics": [{"rule","name","severity","file","line","message"}]}`,
 * the JSON document of one skill and the MCP tool's `outputSchema`; the
 * type is derived from the Schema (issue 28).
 */
const DiagnosticJson = Schema.Struct({
  rule: Schema.String,
  name: Schema.String,
  severity: Schema.Literals(["error", "warning"]),
  file: Schema.String,
  line: Schema.Int,
  /**
   * Additive to DECISIONS #12: the column, from 1, in UTF-16 code units, as the text's `file:line:column` and
   * SARIF's `startColumn` give it (a CI probe: a tool annotating a pull request from the JSON lost it). Always
   * written; optional so that documents written before it still decode.
   */
  column: Schema.optionalKey(Schema.Int),
  message: Schema.String
})

export const LintJson = Schema.Struct({
  skill: Schema.String,
  /**
   * Additive to DECISIONS #12: the skill directory as the text output names
   * it (cwd-relative below the cwd, else absolute), so `path` + `/` + `file`
   * locates a finding and two skills of one name in two folders stay apart.
   * Always written; optional so that documents written before it still decode.
   */
  path: Schema.optionalKey(Schema.String),
  diagnostics: Schema.Array(DiagnosticJson),
  /** With `--fix`/`--fix-dry-run` only (issue 50; additive): the findings fixed, where they were before the fix. */
  fixed: Schema.optionalKey(Schema.Array(DiagnosticJson)),
  /** Present (true) only when a compiled skill was skipped (SKL001). */
  skipped: Schema.optionalKey(Schema.Literal(true)),
  /** The agent profiles the skill was linted for (DECISIONS #51; issue 43): `--agent`, else `[build] targets`, else `["claude"]`. */
  agents: Schema.Array(Schema.String),
  /** Additive: findings `limit` left out (errors among them), when it left any out (`skc_lint`: 100 unless the call says). */
  not_shown: Schema.optionalKey(Schema.Struct({ errors: Schema.Number, warnings: Schema.Number }))
})
export type LintJson = typeof LintJson.Type

const diagnosticJson = (d: LintDiagnostic) => ({ rule: d.rule, name: d.name, severity: d.severity, file: d.file, line: d.line, column: d.column, message: d.message })

export const reportJson = (r: LintReport, agents: ReadonlyArray<string> = [DEFAULT_PROFILE]): LintJson => ({
  skill: r.skill,
  path: r.path,
  diagnostics: r.diagnostics.map(diagnosticJson),
  ...(r.fixed === undefined ? {} : { fixed: r.fixed.map(diagnosticJson) }),
  ...(r.skipped ? { skipped: true as const } : {}),
  agents,
  ...(r.notShown === undefined ? {} : { not_shown: r.notShown })
})

/**
 * A failed target in the `--format json` array (additive to DECISIONS #12):
 * shaped as a report with no diagnostics, so a reader that walks
 * `diagnostics` keeps working, plus `error` as `skc build a b --format json`
 * words it (`{code, message, text}`).
 */
export interface LintFailureJson {
  readonly skill: string
  readonly path?: string
  readonly diagnostics: readonly []
  readonly agents: ReadonlyArray<string>
  readonly error: TargetFailure
}

const failureJson = (f: LintFailure, agents: ReadonlyArray<string>): LintFailureJson => ({
  skill: f.target,
  ...(f.path === undefined ? {} : { path: f.path }),
  diagnostics: [],
  agents,
  error: f.error
})

export const outcomeJson = (o: LintOutcome): LintJson | ReadonlyArray<LintJson | LintFailureJson> =>
  o.single
    ? reportJson(o.reports[0], o.agents)
    : inTargetOrder(o.reports, o.failures ?? []).map((e) => ("failure" in e ? failureJson(e.failure, o.agents) : reportJson(e.report, o.agents)))

/**
 * The profiles to lint for (DECISIONS #51; issue 43): `--agent a,b`, else the
 * project's `[build] targets`, else `claude`. An unknown name is E100 with
 * the known ones.
 */
export const lintProfiles = Effect.fn("skc.lintProfiles")(function* (agent: string | undefined, buildTargets: ReadonlyArray<string>) {
  if (agent === undefined) return profilesForTargets(buildTargets)
  const names = agent.split(",").map((n) => n.trim()).filter((n) => n.length > 0)
  const unknown = names.filter((n) => !isProfileName(n))
  if (names.length === 0 || unknown.length > 0) {
    return yield* Effect.fail(
      new InvalidOption({
        message: `--agent: ${names.length === 0 ? "no agent named" : `unknown agent ${unknown.map((n) => `'${n}'`).join(", ")}`} (known: ${PROFILE_NAMES.join(", ")})`
      })
    )
  }
  const out: Array<AgentProfile> = []
  for (const n of names) if (isProfileName(n) && !out.some((p) => p.name === n)) out.push(profileOf(n))
  return out
})

/**
 * Exit 1 iff an error-severity rule fired; with `--fix` or `--fix-dry-run`,
 * iff one remains after the fixes (as ESLint's `--fix-dry-run` exits: the
 * dry run answers "would the fixed skill pass"; a CI gate runs plain lint).
 */
export const hasErrors = (o: LintOutcome): boolean =>
  (o.failures?.length ?? 0) > 0 || o.reports.some((r) => r.diagnostics.some((d) => d.severity === "error"))

/** What `--fix`/`--fix-dry-run` asks of one skill (issue 50). */
type FixMode = "none" | "fix" | "dry-run"

const BOM = "\uFEFF"
/** The BOM kept in the text (it is written back as found); bytes that are not UTF-8 refused, never replaced. */
const strictUtf8 = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true })

/**
 * Write a fixed markdown file (issue 50), never losing what is on disk: the
 * file is read again and written only if its text is still the text that
 * was linted (else it changed meanwhile: a warning, and it is left alone);
 * a byte order mark it had is kept; the write is atomic, through a symlink
 * to the file it names.
 */
const writeFixed = Effect.fnUntraced(function* (root: string, file: string, before: string, after: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const target = yield* fs.realPath(path.join(root, ...file.split("/"))).pipe(Effect.mapError(fsInternal))
  // A file others may not change stays as it is: replaced, a 0444 file came back writable (a --fix probe).
  const info = yield* fs.stat(target).pipe(Effect.mapError(fsInternal))
  if (info.mode !== undefined && (info.mode & 0o222) === 0) {
    yield* diagnostics.warn(Warning.notice(`not fixing '${file}': it is read-only`))
    return false
  }
  const bytes = yield* fs.readFile(target).pipe(Effect.mapError(fsInternal))
  // Bytes that are not UTF-8 (SKL207) cannot go through text and back: each became U+FFFD, on lines no fix
  // touched, and the SKL207 that said so was gone (a --fix probe: a Windows-1252 'é' lost). Left to the author.
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    yield* diagnostics.warn(Warning.notice(`not fixing '${file}': it is not valid UTF-8 (SKL207); convert it to UTF-8 first`))
    return false
  }
  const bom = text.startsWith(BOM)
  if ((bom ? text.slice(1) : text) !== before) {
    yield* diagnostics.warn(Warning.notice(`not fixing '${file}': it changed while skc lint --fix ran`))
    return false
  }
  // The write goes through a temporary file beside the file: a folder others may not change (or a read-only
  // mount) refuses it though the file is writable. Like a read-only file, that file is left alone and the run
  // goes on to its report (a --fix probe: E999 "write 'SKILL.md': EACCES", no report).
  const written = yield* fs.writeFileAtomic(target, (bom ? BOM : "") + after).pipe(
    Effect.as(true),
    Effect.catchIf(
      isDenied,
      (e) =>
        diagnostics
          .warn(Warning.notice(`not fixing '${file}': its folder cannot be written (${ioReason(e)})`))
          .pipe(Effect.as(false))
    ),
    Effect.mapError(fsInternal)
  )
  return written
})

const lintOne = (
  skill: ResolvedSkill,
  force: boolean,
  configured: ReturnType<typeof configureRules>["rules"],
  profiles: ReadonlyArray<AgentProfile>,
  fixMode: FixMode = "none"
) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const diagnostics = yield* Diagnostics
    const { stores } = yield* Settings
    const shown = displayPath(stores.cwd, skill.sourceDir, path)
    // RFC-0008:C-SCOPE / DECISIONS #1: a compiled skill carries .skillc-meta/manifest.json.
    const manifest = yield* fs
      .statOption(path.join(skill.sourceDir, META_DIR, MANIFEST_FILE))
      .pipe(unseenAs(undefined))
    if (manifest !== undefined) {
      if (!force) {
        // The source it was built from, which the author means to lint (`skc lint .claude/skills/x` reaches the runtime).
        const recorded = yield* fs.readFileString(path.join(skill.sourceDir, META_DIR, MANIFEST_FILE)).pipe(
          Effect.map((text) => parseManifest(text)?.source_path),
          // Recovery: an unreadable manifest only leaves the hint out; the skill is skipped all the same.
          Effect.orElseSucceed(() => undefined)
        )
        const source = recorded === undefined ? undefined : displayPath(stores.cwd, recorded, path)
        const report: LintReport = { skill: skill.name, path: shown, skipped: true, diagnostics: [], ...(source === undefined ? {} : { source }) }
        return report
      }
      yield* diagnostics.warn(Warning.lint(skl001.id, skl001.name, COMPILED_WARNING))
    }
    const tree = yield* readSkillTree(skill.sourceDir)
    if (fixMode === "none") {
      const snapshot = makeSnapshot({ dirName: skill.name, ...tree, profiles })
      const report: LintReport = { skill: skill.name, path: shown, skipped: false, diagnostics: runRules(snapshot, configured) }
      return report
    }
    // Issue 50: fix in memory to a fixed point, then write (or show) what changed.
    const outcome = fixSkill({ dirName: skill.name, ...tree, profiles }, configured)
    const diffs: Array<string> = []
    const refused = new Set<string>()
    for (const [file, { before, after }] of outcome.changed) {
      if (fixMode === "dry-run") diffs.push(unifiedDiff(file, before, after))
      else if (!(yield* writeFixed(skill.sourceDir, file, before, after))) refused.add(file)
    }
    // A file left as it was (read-only, changed meanwhile, not UTF-8) keeps its findings: what remains is what
    // the files on disk now hold, and only the fixes written count as fixed. Before, a read-only SKILL.md was
    // reported "1 fixed", exit 0, its error still there (a new-user probe).
    const remaining =
      refused.size === 0 ? outcome.diagnostics : runRules(makeSnapshot({ dirName: skill.name, ...(yield* readSkillTree(skill.sourceDir)), profiles }), configured)
    const report: LintReport = {
      skill: skill.name,
      path: shown,
      skipped: false,
      diagnostics: remaining,
      fixed: outcome.fixed.filter((d) => !refused.has(d.file)),
      ...(fixMode === "dry-run" ? { diffs, diffDir: diffDirOf(path.relative(stores.cwd, skill.sourceDir), shown, path.isAbsolute) } : {})
    }
    return report
  })

/** The folder a diff names: cwd-relative (`.` for the cwd itself), or as shown when no relative path exists (another drive). */
const diffDirOf = (relative: string, shown: string, isAbsolute: (p: string) => boolean): string =>
  relative === "" ? "." : isAbsolute(relative) ? shown : relative

/**
 * A folder that means to be a skill but cannot be linted: its `SKILL.md` is there (an entry of that name) but no
 * readable regular file — a link that loops or leads nowhere, a directory, a FIFO — or the folder cannot be looked
 * into (EACCES). Its error is the one the resolver gives it named alone (`skc lint <it>`, `skc build <it>`: E010
 * with its hint), so a lint of several reports it as a failed target (README "skc lint": one that is not a skill
 * or cannot be read does not stop the others; DECISIONS #12). Undefined when it has no `SKILL.md` at all (no
 * skill: the caller decides what to say of it) or when it resolves after all.
 */
const unlintable = (dir: string, target: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const failed = (error: TargetFailure): FailedTarget => ({ target, error })
    const entry = yield* Effect.result(fs.lstatOption(path.join(dir, "SKILL.md")))
    if (entry._tag === "Failure") return failed(targetFailure(readFailure(entry.failure)))
    if (entry.success === undefined) return undefined
    const resolved = yield* Effect.result(resolveSkill(dir, { deploymentPaths: false, agentDirs: false }))
    return resolved._tag === "Failure" ? failed(targetFailure(resolved.failure)) : undefined
  })

/**
 * Every skill directory of the project source store, by name, each a target: a store entry whose SKILL.md is
 * there but cannot be read (`unlintable`) is a failed target in its place, the others linted all the same (a
 * SKILL.md linked to itself stopped the whole lint with E999; JSON printed nothing, SARIF had no results).
 */
const projectSkills = Effect.gen(function* () {
  const fs = yield* FileSystem
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const { stores } = yield* Settings
  if (stores.projectSkills === undefined) {
    return yield* Effect.fail(
      new UsageError({ message: "no skill given and no skillc project here; name a skill or a path: skc lint <skill>" })
    )
  }
  const entries = yield* fs.readDir(stores.projectSkills).pipe(
    Effect.catch((e) =>
      e.code === "ENOENT" || e.code === "ENOTDIR"
        ? Effect.succeed([])
        : Effect.fail(new InternalError({ message: `readdir '${e.path}': ${e.code}`, cause: e }))
    )
  )
  const names = entries
    .filter((e) => (e.type === "directory" || e.type === "symlink") && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort()
  const targets: Array<Target> = []
  for (const name of names) {
    const dir = path.join(stores.projectSkills, name)
    // A SKILL.md that cannot be looked at (EACCES) fails with why: "skipping 'demo': no SKILL.md" then "No skills
    // to lint", exit 0, passed a CI gate that linted nothing. A failed target: the other skills are linted.
    const md = yield* Effect.result(fs.statOption(path.join(dir, "SKILL.md")))
    if (md._tag === "Failure") {
      targets.push({ target: name, error: targetFailure(readFailure(md.failure)) })
      continue
    }
    if (md.success?.type === "file") {
      targets.push({ skill: yield* describeSkillDir(dir, "project") })
      continue
    }
    const failed = yield* unlintable(dir, name)
    if (failed !== undefined) {
      targets.push(failed)
      continue
    }
    const target = yield* fs.statOption(dir).pipe(unseenAs(undefined))
    if (target?.type === "directory") yield* diagnostics.warn(Warning.notice(`skipping '${name}': no SKILL.md`))
    // A link whose target is gone was left out without a word, the count of skills one lower (a team's probe).
    else if (target === undefined) yield* diagnostics.warn(danglingLinkNotice(name))
  }
  return targets
})

/**
 * E010 for a folder whose skills sit one level deeper (a team's
 * `skills/<area>/<skill>/`): lint takes one level of skill folders, so the
 * error says which of its folders hold them and the glob that lints them all.
 */
const withDeeperSkillsHint = (given: string) => (e: NotASkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const { stores } = yield* Settings
    // Recovery: a folder that cannot be read gives no hint; the E010 stands as the RFC words it.
    const entries = yield* fs.readDir(path.resolve(stores.cwd, given)).pipe(unseenAs([]))
    const areas: Array<string> = []
    for (const entry of [...entries].sort((a, b) => compareBytewise(a.name, b.name))) {
      if (entry.name.startsWith(".") || (entry.type !== "directory" && entry.type !== "symlink")) continue
      if ((yield* skillFoldersIn(path.join(given, entry.name))) !== undefined) areas.push(entry.name)
    }
    if (areas.length === 0) {
      // Skill folders whose SKILL.md is spelled in another case, and nothing else: said, not "missing SKILL.md" alone.
      const misnamed = yield* misnamedSkillFoldersIn(given)
      if (misnamed.length === 0) return yield* Effect.fail(e)
      const names = misnamed.map((m) => `${path.basename(m.dir)}/${m.variant}`)
      return yield* Effect.fail(
        new NotASkill({ path: e.path, hint: `${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}: agents look for 'SKILL.md' exactly (a case-sensitive file system never loads them); rename each to SKILL.md` })
      )
    }
    const glob = `${given.replace(/[\\/]+$/, "")}/*/`
    return yield* Effect.fail(new NotASkill({ path: e.path, hint: `its folders ${areas.join(", ")} hold skill folders: skc lint ${glob}` }))
  })

/** One target of `skc lint a b …`: the skills it names, or why it names none. */
type FailedTarget = { readonly target: string; readonly error: TargetFailure }
type Target = { readonly skill: ResolvedSkill } | FailedTarget

/**
 * The skills of `skc lint a b …`: each name, skill directory or folder of
 * skill folders, each skill once, as named. A target that does not resolve
 * is kept, in its place, with its error: the others are linted all the same.
 */
const namedSkills = Effect.fnUntraced(function* (named: ReadonlyArray<string>) {
  const targets: Array<Target> = []
  const seen = new Set<string>()
  for (const name of named) {
    const folder = yield* skillFoldersIn(name)
    const found = yield* Effect.result(
      folder !== undefined ? Effect.succeed(folder) : Effect.map(resolveSkill(name, { deploymentPaths: false }).pipe(Effect.catchTag("NotASkill", withDeeperSkillsHint(name))), (s) => [s])
    )
    if (found._tag === "Failure") {
      // Named twice, it fails once (as `skc build nope nope` does).
      if (seen.has(`unresolved:${name}`)) continue
      seen.add(`unresolved:${name}`)
      // Recovery: one target that does not resolve (E001, E010) must not cost the others their report (a CI glob's SARIF).
      targets.push({ target: name, error: targetFailure(found.failure) })
      continue
    }
    for (const skill of found.success) {
      if (seen.has(skill.canonicalSourceDir)) continue
      seen.add(skill.canonicalSourceDir)
      targets.push({ skill })
    }
    if (folder !== undefined) targets.push(...(yield* notLintableIn(name)))
  }
  return targets
})

/**
 * A folder's skill folders that cannot be linted, each a failed target in name order: those whose SKILL.md is
 * spelled in another case (`SKILL.MD`, `skill.md`; an agent never loads them) and those whose SKILL.md is there
 * but no readable file (`unlintable`: a link that loops or leads nowhere, a directory). A folder lint skipped
 * them without a word, so CI passed, where `skc list` warns of each.
 */
const notLintableIn = (folder: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const { stores } = yield* Settings
    const found: Array<FailedTarget> = (yield* misnamedSkillFoldersIn(folder)).map((m) => ({
      target: m.dir,
      error: targetFailure(new NotASkill({ path: m.dir, hint: caseVariantHint(m.variant) }))
    }))
    const dir = path.resolve(stores.cwd, folder)
    // Recovery: as skillFoldersIn, a folder that cannot be read lists nothing.
    const entries = yield* fs.readDir(dir).pipe(unseenAs([]))
    for (const e of entries) {
      if (e.name.startsWith(".") || (e.type !== "directory" && e.type !== "symlink")) continue
      const child = path.join(dir, e.name)
      if (yield* isRegularFile(path.join(child, "SKILL.md"))) continue
      const failed = yield* unlintable(child, path.join(folder, e.name))
      if (failed !== undefined) found.push(failed)
    }
    return found.sort((a, b) => compareBytewise(a.target, b.target)) as ReadonlyArray<Target>
  })

export const lintSkills = Effect.fn("skc.lintSkills")(function* (input: LintInput) {
  // One asks to write the fixes, the other never to: refused rather than one silently winning (ESLint refuses the pair too).
  if (input.fix === true && input.fixDryRun === true)
    return yield* Effect.fail(
      new InvalidOption({ message: "--fix and --fix-dry-run cannot be used together: --fix-dry-run prints the fixes, --fix writes them" })
    )
  const diagnostics = yield* Diagnostics
  const { config } = yield* Settings
  const profiles = yield* lintProfiles(input.agent, config.buildTargets)
  // A `[build] targets` entry that `skc build` refuses and lint ignores (a name no agent profile has): lint
  // does not fail on the build's configuration, but says so, and which agents it checked instead (it checked
  // `claude` without a word). A profile name build refuses (`agentskills`) is one lint reads: nothing to say.
  // What lint itself finds wrong in the configuration, said on stderr and kept for SARIF's tool configuration
  // notifications beside the files' own problems (a CI probe: `SKL999 = "off"` reached stderr only, which code
  // scanning never shows).
  const lintConfigProblems: Array<{ readonly level: "warning"; readonly message: string }> = []
  const configWarning = (message: string) => {
    lintConfigProblems.push({ level: "warning", message })
    return diagnostics.warn(Warning.notice(message))
  }
  if (input.agent === undefined) {
    for (const name of config.buildTargets) {
      const parsed = parseTargets(name, config.targets)
      if (!("problem" in parsed) || isProfileName(name.trim())) continue
      yield* configWarning(`${describeTargetProblem(parsed.problem)}; \`skc build\` refuses it; lint checks for ${profiles.map((p) => p.name).join(", ")}`)
    }
  }
  const configured = configureRules(RULES, config.lint)
  for (const p of configured.problems) yield* configWarning(p.message)
  // `skc lint <dir>` on a folder of skill folders lints each of them (issue 12).
  const folder = input.skill === undefined ? undefined : yield* skillFoldersIn(input.skill)
  const targets: ReadonlyArray<Target> =
    input.skills !== undefined && input.skills.length > 0
      ? yield* namedSkills(input.skills)
      : input.skill === undefined
        ? yield* projectSkills
        : (folder !== undefined
            ? folder
            : [yield* resolveCommandSkill(input.skill, { deploymentPaths: false }).pipe(Effect.catchTag("NotASkill", withDeeperSkillsHint(input.skill)))]
          )
            .map((skill): Target => ({ skill }))
            .concat(folder !== undefined ? yield* notLintableIn(input.skill) : [])
  const skills = targets.flatMap((t) => ("skill" in t ? [t.skill] : []))
  const single = input.skill !== undefined && folder === undefined && (input.skills === undefined || input.skills.length === 0)
  // DECISIONS #38: a skill found by name in an agent directory that skc did not build is never written to.
  const foreign = input.fix === true ? skills.find((s) => s.foreign === true) : undefined
  if (foreign !== undefined) {
    const { where, what } = yield* foreignSkillNote(foreign)
    return yield* Effect.fail(
      new UsageError({ message: `${what}, which skc never writes to: see the fixes with --fix-dry-run, or adopt it first with: skc build ${where} --force` })
    )
  }
  const reports: Array<LintReport> = []
  const failures: Array<LintFailure> = []
  const progress = yield* Progress
  // A progress line only when there are more than a few skills (and only on a terminal: the CLI's indicator decides).
  const showProgress = skills.length > 3
  if (showProgress) progress.start("Linting", skills.length, "skills")
  const fixMode = input.fixDryRun === true ? "dry-run" : input.fix === true ? "fix" : "none"
  const { stores, configProblems } = yield* Settings
  const path = yield* Path
  let done = 0
  for (const t of targets) {
    if (!("skill" in t)) {
      failures.push({ target: t.target, error: t.error, at: reports.length })
      continue
    }
    const { skill } = t
    const linted = lintOne(skill, input.force ?? false, configured.rules, profiles, fixMode)
    if (single) {
      // One skill named alone: its failure is the command's, exactly as RFC-0005 prints it.
      reports.push(yield* linted)
      continue
    }
    const result = yield* Effect.result(linted)
    // Each skill linted among several has its own row, as one named alone has (DECISIONS #17; README "The access log").
    if (result._tag === "Success") {
      reports.push(result.success)
      yield* touchSkill(skill, { command: "lint", args: lintLogArgs(input), error: null })
    } else {
      // Recovery: one skill that cannot be read (permission denied, an I/O error) is reported; the others are linted.
      const error = targetFailure(result.failure)
      failures.push({ target: skill.name, path: displayPath(stores.cwd, skill.sourceDir, path), error, at: reports.length })
      yield* touchSkill(skill, { command: "lint", args: lintLogArgs(input), error: error.text })
    }
    if (showProgress) progress.update(++done)
  }
  if (showProgress) progress.stop()
  const outcome: LintOutcome = {
    single,
    // Resolved as a directory from the cwd (RFC-0007:C-RESOLUTION's first rule): `skills/pdf/`, or a bare `pdf`
    // run inside `skills/` (a hostile probe: `for d in *; do skc lint "$d"; done` printed bare `SKILL.md:8:5`).
    ...(single && skills[0]?.scope === "path" ? { namedByPath: true } : {}),
    reports: reports.map((r) => limitFindings(r, input.limit)),
    ...(failures.length === 0 ? {} : { failures }),
    agents: profiles.map((p) => p.name),
    ...(configProblems === undefined && lintConfigProblems.length === 0 ? {} : { configProblems: [...(configProblems ?? []), ...lintConfigProblems] })
  }
  return outcome
})

export const lint = (input: LintInput) => Effect.map(lintSkills(input), outcomeJson)

/**
 * The reports as `--format sarif` names them (DECISIONS #12): each skill
 * directory relative to its repository root (the nearest ancestor of the
 * skill holding `.git`, past a submodule's to its superproject's:
 * `scannedRepositoryRoot`), which is what GitHub code scanning resolves a
 * relative URI against, whatever directory the CI step ran in. A skill in
 * no repository keeps the path the text output shows (cwd-relative below
 * the cwd, else absolute: a `file://` URI).
 */
export const sarifReports = Effect.fn("skc.sarifReports")(function* (reports: ReadonlyArray<LintReport>) {
  const path = yield* Path
  const { stores } = yield* Settings
  const out: Array<LintReport> = []
  for (const r of reports) {
    const dir = path.resolve(stores.cwd, r.path)
    const root = yield* scannedRepositoryRoot(dir)
    const rel = root === undefined ? undefined : path.relative(root, dir)
    out.push(rel === undefined ? r : { ...r, path: rel === "" ? "." : rel })
  }
  return out
})

/** The `args` of a `lint` row (DECISIONS #18). */
export const lintLogArgs = (input: LintInput) => ({
  force: input.force,
  ...(input.fix === true ? { fix: true } : {}),
  ...(input.fixDryRun === true ? { fix_dry_run: true } : {})
})
