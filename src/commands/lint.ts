/** `skc lint` / `skc_lint` (RFC-0008, DECISIONS #12). */
import { Effect, Option, Schema } from "effect"
import { allWithNames, InvalidOption } from "../domain/errors.js"
import { VERSION } from "../domain/version.js"
import { printJson, printStderr, printText } from "./output.js"
import { Output } from "../ports/Output.js"
import type { LintOutcome } from "../app/lint/lint.js"
import { arg, common, defineCommand, flag } from "./spec.js"

/** The findings an MCP `skc_lint` answers with when the call gives no `limit` (6,001 findings were 1.4 MB). */
export const MCP_LINT_LIMIT = 100

export const lintCommand = defineCommand({
  name: "lint",
  summary: ["Check skills against the authoring rules (docs/rules.md); exit 1 when an error-severity rule fires."],
  examples: [
    "skc lint my-skill                    # a skill of the project or global store",
    "skc lint ./skills/pdf                # any skill directory",
    "skc lint                             # every skill of the project store (also: skc lint --all)",
    "skc lint skills/                     # every skill folder inside skills/",
    "skc lint pdf docx skills/*/          # several skills (names, directories, folders), each once",
    "skc lint my-skill --format sarif > lint.sarif",
    "skc lint my-skill --agent agentskills     # strict: what skills-ref accepts",
    "skc lint my-skill --agent claude,cursor   # the fields and values these agents read",
    "skc lint my-skill --fix              # apply every certain fix (docs/rules.md), then report what remains",
    "skc lint my-skill --fix-dry-run      # print the fixes as a unified diff; write nothing"
  ],
  args: {
    skills: {
      ...arg.many("skill", "Skill names, paths to skill directories, or folders of skill folders (default: every skill of the project)."),
      // A mistyped flag is never taken as a skill name (E100).
      refuse: "flag" as const
    }
  },
  flags: {
    // What no skill name does already; taken too, as build, search and stats take it (`skc lint --all` in CI).
    all: flag.boolean("all", "Lint every skill of the project store, as with no skill named."),
    force: flag.boolean("force", "Lint even if the skill is compiled (SKL001)."),
    fix: flag.boolean("fix", "Apply every certain fix (each rule's in docs/rules.md), write the files, then report the findings that remain."),
    fixDryRun: flag.boolean("fix-dry-run", "Print the fixes --fix would apply as a unified diff on stdout; change no file."),
    agent: flag.text(
      "agent",
      "Agent profiles to lint for, comma-separated (claude, codex, copilot, cursor, gemini, kiro, opencode, trae, amp, agentskills); default: the project's [build] targets, else claude. agentskills is the strict specification."
    ),
    ...common(["text", "json", "sarif"])
  },
  fast: true,
  mcp: {
    title: "Lint a skill",
    description:
      "Check a skill against the authoring rules. Findings {rule, severity, file, line, message} are a successful result; a compiled skill is skipped unless force.",
    readOnly: true
  },
  load: async () => {
    const [{ LintInput, LintSkillInput, lintSkills, lintLogArgs, outcomeJson, reportJson, hasErrors, sarifReports }, { renderLintText, lintTextParts, totalLine, hasTotalLine }, { targetFailure }] = await Promise.all([
      import("../app/lint/lint.js"),
      import("../render/lint.js"),
      import("../app/shared/targetFailure.js")
    ])
    // A target of several that failed is in the document (DECISIONS #39: nothing else on stdout) and, as
    // RFC-0005 prints every diagnostic, its error on stderr too: a CI log shows why `> lint.sarif` exited 1.
    const failedOnStderr = (outcome: LintOutcome) =>
      Effect.forEach(outcome.failures ?? [], (f) => printStderr(f.error.text), { discard: true })
    const printSarif = (
      reports: Parameters<typeof sarifReports>[0],
      agents: ReadonlyArray<string> | undefined,
      failures: ReadonlyArray<{ target: string; message: string }>,
      configProblems?: LintOutcome["configProblems"]
    ) =>
      Effect.promise(() => Promise.all([import("../domain/lint/sarif.js"), import("../domain/lint/registry.js")])).pipe(
        Effect.flatMap(([{ toSarif }, { RULES }]) =>
          Effect.flatMap(sarifReports(reports), (sarif) =>
            printJson(toSarif({ toolVersion: VERSION, rules: RULES, reports: sarif, ...(agents === undefined ? {} : { agents }), failures, ...(configProblems === undefined ? {} : { configProblems }) }))
          )
        )
      )
    return {
      input: LintInput,
      fromFlags: (o) =>
        (o.all && o.skills.length > 0
          ? Effect.fail(allWithNames())
          : Effect.void
        ).pipe(Effect.andThen(Schema.decodeUnknownEffect(LintInput)({
          ...(o.skills.length === 1 ? { skill: o.skills[0] } : o.skills.length > 1 ? { skills: o.skills } : {}),
          force: o.force,
          ...(o.fix ? { fix: true } : {}),
          ...(o.fixDryRun ? { fixDryRun: true } : {}),
          ...(Option.isSome(o.agent) ? { agent: o.agent.value } : {})
        }).pipe(
          Effect.mapError((e) => new InvalidOption({ message: e.message }))
        ))),
      run: (input) => lintSkills(input),
      // DECISIONS #17: a skill named alone is logged from these args; each of several (or of the project) by the use case.
      log: { args: (input) => lintLogArgs(input) },
      text: (outcome, ctx) => renderLintText(outcome, ctx.colour),
      json: (outcome) => outcomeJson(outcome),
      emit: (outcome, ctx) =>
        ctx.format === "sarif"
          ? failedOnStderr(outcome).pipe(
              Effect.andThen(printSarif(outcome.reports, outcome.agents, (outcome.failures ?? []).map((f) => ({ target: f.target, message: f.error.message })), outcome.configProblems))
            )
          : ctx.format === "json"
            ? failedOnStderr(outcome).pipe(Effect.andThen(printJson(outcomeJson(outcome))))
            : // DECISIONS #39: each diagnostic on stderr, the per-skill summary (and the total) on stdout.
              Effect.flatMap(Effect.service(Output), (output) =>
                Effect.forEach(
                lintTextParts(outcome, output.colour("stderr")),
                (part) =>
                  // --fix-dry-run (issue 50): the diff of the skill's fixes, on stdout before its summary.
                  (part.diff.length > 0 ? printText(part.diff.replace(/\n$/, "")) : Effect.void).pipe(
                    // A failed target has no summary line: its error is on stderr.
                    Effect.andThen(part.stdout.length > 0 ? printText(part.stdout) : Effect.void),
                    Effect.andThen(part.stderr.length > 0 ? printStderr(part.stderr.join("\n")) : Effect.void)
                  ),
                { discard: true }
              )).pipe(Effect.andThen(hasTotalLine(outcome) ? printText(totalLine(outcome)) : Effect.void)),
      // A single target that fails (`skc lint nope --format sarif > lint.sarif`) fails the command, its error on
      // stderr; the SARIF log still says so (a tool execution notification, executionSuccessful false), as it
      // does for a target of several: an empty lint.sarif failed the CI's upload step and hid the real error.
      emitFailure: (error, input, format) =>
        format !== "sarif"
          ? Effect.void
          : printSarif([], undefined, [{ target: input.skill ?? input.skills?.join(" ") ?? ".", message: targetFailure(error).message }]).pipe(
              // Recovery: the document is a courtesy beside the error being raised, which stands whatever happens here.
              Effect.catchCause(() => Effect.void)
            ),
      // RFC-0008:C-DIAGNOSTICS: exit 1 iff an error-severity rule fired; with --fix, iff one remains after the fixes (issue 50).
      exitStatus: (outcome) => (hasErrors(outcome) ? 1 : 0),
      mcp: {
        input: LintSkillInput,
        output: () => import("../app/lint/lint.js").then((r) => r.LintJson),
        // Over MCP an answer has a bound unless the call names its own (docs/mcp.md "Payload budgets").
        defaults: (input) => (input.limit === undefined ? { ...input, limit: MCP_LINT_LIMIT } : input),
        text: (outcome) => renderLintText(outcome),
        structured: (outcome) => ({ ...reportJson(outcome.reports[0]!, outcome.agents) })
      }
    }
  }
})
