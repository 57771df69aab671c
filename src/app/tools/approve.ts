/**
 * `skc approve <skill>` (issue 8, tool-skills spec §6.3): record approval of
 * the skill's current SKILL.md and the skill files its tools run (one sha256
 * over all of them, issue 19) in `<home>/.skillc/approvals.json`.
 * Any later change to one of them needs approval again. Skills outside the
 * source stores are untrusted and cannot be approved permanently.
 */
import { Effect, Schema } from "effect"
import { UsageError } from "../../domain/errors.js"
import type { ApprovalState } from "../../domain/tools/approval.js"
import { declarationsInWords } from "../../domain/tools/placement.js"
import { approvalsPath, loadToolSkill, recordApproval } from "./toolSkill.js"

export const ApproveInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path (of a project or global store)." })
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
  const approvedAt = yield* recordApproval(loaded)
  const result: ApproveResult = {
    skill: loaded.resolved.name,
    path: loaded.resolved.canonicalSourceDir,
    sha256: loaded.sha256,
    previous: loaded.approval,
    approved_at: approvedAt,
    tools: loaded.skill.tools.map((t) => t.name),
    store: yield* approvalsPath,
    declarations: declarationsInWords(loaded.skill)
  }
  return result
})
