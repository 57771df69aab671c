/**
 * `skc approve <skill>` (issue 8, tool-skills spec §6.3): record approval of
 * the skill's current SKILL.md and the skill files its tools run (one sha256
 * over all of them, issue 19) in `<home>/.skillc/approvals.json`.
 * Any later change to one of them needs approval again. Skills outside the
 * source stores are untrusted and cannot be approved permanently.
 */
import { Effect, Option, Schema } from "effect"
import { UsageError, Warning } from "../../domain/errors.js"
import type { ApprovalState } from "../../domain/tools/approval.js"
import { declarationsInWords } from "../../domain/tools/placement.js"
import { noPrompter, Prompter } from "../../ports/Prompter.js"
import { approvalsPath, blockingProblems, loadToolSkill, recordApproval } from "./toolSkill.js"
import { unrunnableReason } from "./run.js"
import { warn } from "../../ports/Diagnostics.js"

export const ApproveInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path (of a project or global store)." }),
  /** Approve a skill that declares `free_text_anywhere` without being asked (issue 45 item 1). */
  yes: Schema.optional(Schema.Boolean)
})
export type ApproveInput = typeof ApproveInput.Type

export interface ApproveResult {
  readonly skill: string
  readonly path: string
  readonly sha256: string
  /** What the approval replaced: none, an approval of another version of SKILL.md, or the same one. */
  readonly previous: ApprovalState
  readonly approved_at: string
  readonly tools: ReadonlyArray<string>
  readonly store: string
  /** The skill's `free_text_anywhere` declarations in words (issue 45 item 1): what the approval accepts. */
  readonly declarations: ReadonlyArray<string>
  /** Each tool's command line as written: what the approval lets run (tool-skills spec §6.3, "command preview"). */
  readonly commands: ReadonlyArray<{ readonly tool: string; readonly command: string | null }>
}

export const approve = Effect.fn("skc.approve")(function* (input: ApproveInput) {
  const loaded = yield* loadToolSkill(input.skill, { strictApprovals: true })
  if (loaded.trust === "untrusted") {
    return yield* Effect.fail(
      new UsageError({
        message: `skill '${loaded.resolved.name}' is outside the source stores; untrusted skills are confirmed on every run`,
        detail: ["import it into a store first (.skillc/skills/ or ~/.skillc/skills/)"]
      })
    )
  }
  // Issue 45 item 1: a skill that lets an agent's free text stand where a program may read it as code
  // (`free_text_anywhere`) is approved only after the person has read what it declares, in words:
  // asked at a terminal, or given `--yes` where nobody can be asked.
  const declarations = declarationsInWords(loaded.skill)
  if (declarations.length > 0 && input.yes !== true) {
    const prompter = Option.getOrElse(yield* Effect.serviceOption(Prompter), () => noPrompter)
    const shown = declarations.map((d) => `Declared: ${d}`)
    if (!prompter.interactive) {
      return yield* Effect.fail(
        new UsageError({
          message: `skill '${loaded.resolved.name}' declares free text where a program may read it as code; read it, then run 'skc approve ${input.skill} --yes'`,
          detail: shown
        })
      )
    }
    if (!(yield* prompter.confirm(shown, `Approve '${loaded.resolved.name}' with ${declarations.length === 1 ? "this declaration" : "these declarations"}?`))) {
      return yield* Effect.fail(new UsageError({ message: `skill '${loaded.resolved.name}' not approved` }))
    }
  }
  const approvedAt = yield* recordApproval(loaded)
  // An approval lifts no lint error: a tool they stop still refuses to run, which the person approving should know.
  for (const t of loaded.skill.tools) {
    const stopping = blockingProblems(loaded, t.name)
    if (stopping.length > 0) {
      yield* warn(Warning.notice(`tool '${t.name}' still cannot run: the skill has errors that stop it (${[...new Set(stopping.map((p) => `SKILL.md:${p.line}`))].join(", ")}); run 'skc lint ${loaded.resolved.name}'`))
      continue
    }
    // Nor does it make runnable a tool `skc run` refuses as the skill stands (a script that is a link out of the
    // skill: E012; a file named inside a longer argument): said too (a tool-skill probe approved one silently).
    const refused = yield* unrunnableReason(loaded, t)
    if (refused !== undefined) yield* warn(Warning.notice(`tool '${t.name}' still cannot run: ${refused}`))
  }
  const result: ApproveResult = {
    skill: loaded.resolved.name,
    path: loaded.resolved.canonicalSourceDir,
    sha256: loaded.sha256,
    previous: loaded.approval,
    approved_at: approvedAt,
    tools: loaded.skill.tools.map((t) => t.name),
    store: yield* approvalsPath,
    declarations,
    commands: loaded.skill.tools.map((t) => ({ tool: t.name, command: t.command?.source ?? null }))
  }
  return result
})
