/**
 * A search answer's results within its budget (`max_bytes`, src/domain/searchBudget.ts):
 * shared by the search of one skill and the search across skills, applied before
 * `partial` and the access-log rows are worked out, so both count the results returned.
 */
import { answerCost, fitResults, type AnswerSurface, type SearchTruncation } from "../../domain/searchBudget.js"
import type { SearchInput, SearchResultItem } from "./searchSchema.js"

export const withinBudget = (
  results: ReadonlyArray<SearchResultItem>,
  input: SearchInput,
  skipped?: ReadonlyArray<{ readonly skill: string; readonly reason: string }>,
  surface: AnswerSurface = "mcp",
  /** Bytes a result's text adds beyond its lines (a repeated heading's read, src/app/search/repeatedHeadings.ts). */
  extra: (r: SearchResultItem) => number = () => 0
): { readonly kept: ReadonlyArray<SearchResultItem>; readonly keep: number; readonly truncation?: SearchTruncation } => {
  // No budget named (the CLI's default): every result.
  if (input.max_bytes === undefined) return { kept: results, keep: results.length }
  const { keep, truncation } = fitResults(results, input.max_bytes, answerCost(input.query, skipped, surface), surface, extra)
  return { kept: results.slice(0, keep), keep, ...(truncation === undefined ? {} : { truncation }) }
}
