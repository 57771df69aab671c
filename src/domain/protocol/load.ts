/**
 * Progressive disclosure, steps 4-5 and the context budget: how loaded parts
 * are injected (the protocol's "File Content Format") and which parts fit.
 *
 * Budget rule: the SKILL.md body is always loaded (activation needs it, and a
 * warning says when it alone is over); referenced files follow in discovery
 * order until one would cross the budget — that part and every later one are
 * left out and listed, never half-loaded, so what an agent gets is a prefix
 * of what the runtime would load.
 */
import { estimateTokens } from "./tokens.js"

export const DEFAULT_BUDGET = 10_000
export const DEFAULT_DEPTH = 1

/** The file's own final line break is not doubled by the marker's blank line. */
export const wrapContent = (path: string, content: string): string =>
  `--- Content from ${path} ---\n\n${content.replace(/\r?\n$/, "")}\n\n--- End of ${path} ---`

export interface PartInput {
  /** Relative to the skill root, `/`-separated. */
  readonly path: string
  readonly kind: "body" | "reference"
  readonly depth: number
  readonly referenced_from: string | null
  readonly content: string
}

export interface LoadedPart extends Omit<PartInput, "content"> {
  readonly tokens: number
  /** What is injected: the body as is, a reference wrapped. */
  readonly text: string
}

export interface LeftOutPart {
  readonly path: string
  readonly depth: number
  readonly referenced_from: string | null
  readonly tokens: number
}

export interface BudgetedLoad {
  readonly parts: ReadonlyArray<LoadedPart>
  readonly left_out: ReadonlyArray<LeftOutPart>
  readonly total_tokens: number
  /** Tokens of everything, loaded or not: what ignoring the budget would cost. */
  readonly full_tokens: number
  readonly over_budget: boolean
}

export const applyBudget = (inputs: ReadonlyArray<PartInput>, budget: number): BudgetedLoad => {
  const parts: Array<LoadedPart> = []
  const leftOut: Array<LeftOutPart> = []
  let total = 0
  let full = 0
  let cut = false
  for (const p of inputs) {
    const text = p.kind === "body" ? p.content.replace(/^\s*\n/, "").trimEnd() : wrapContent(p.path, p.content)
    const tokens = estimateTokens(text)
    full += tokens
    const fits = p.kind === "body" || (!cut && total + tokens <= budget)
    if (fits) {
      parts.push({ path: p.path, kind: p.kind, depth: p.depth, referenced_from: p.referenced_from, tokens, text })
      total += tokens
    } else {
      cut = true
      leftOut.push({ path: p.path, depth: p.depth, referenced_from: p.referenced_from, tokens })
    }
  }
  return { parts, left_out: leftOut, total_tokens: total, full_tokens: full, over_budget: full > budget }
}
