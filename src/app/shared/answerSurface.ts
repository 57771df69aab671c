/**
 * What this run's answers with a size budget (`max_bytes`: search, outline) are measured as: the MCP tool
 * result unless the CLI's runner says which form it prints (src/cli/runner.ts; the rule is
 * src/domain/answerSurface.ts).
 */
import { Context } from "effect"
import type { AnswerSurface } from "../../domain/answerSurface.js"

export const AnswerSurfaceRef = Context.Reference<AnswerSurface>("skillc/AnswerSurface", { defaultValue: () => "mcp" })
