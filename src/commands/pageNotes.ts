/** What the notes after a page of `show` or `open` add to their "goes on" line. */
import { MCP_PAGE_MAX_BYTES } from "../domain/answerSurface.js"
import { estimateTokens } from "../domain/protocol/tokens.js"

/** A page cut inside a fenced code block: said, so the marker after it and the next page's first lines are read as code. */
export const insideFence = (result: { readonly open_fence_line?: number | undefined }): string =>
  result.open_fence_line === undefined ? "" : ` (this page ends inside the code block opened at line ${result.open_fence_line}: the next page goes on inside it)`

/**
 * A whole section or file printed to an agent's terminal that is larger than one MCP page (`MCP_PAGE_MAX_BYTES`,
 * 40 KB, about 10,000 tokens): said on stderr with how to page it. The CLI prints what it is asked for
 * (RFC-0002:C-SHOW); but an agent following a stub's `skc show …` read a 144 KB section in one call, its
 * context gone, and nothing said that `--max-bytes` exists (a probe as an agent). Never on a page already cut,
 * nor when the call set its own limit (`--max-bytes`, `--max-lines`): it chose the size it reads in.
 */
export const largeAnswerNote = (
  result: { readonly content: string; readonly truncated: boolean },
  input: { readonly max_bytes?: number | undefined; readonly max_lines?: number | undefined },
  what: "section" | "file",
  /** The bytes printed, when they are not the content's UTF-8 (a file printed as its own bytes). */
  printed: number = Buffer.byteLength(result.content, "utf8")
): string | undefined => {
  if (result.truncated || printed <= MCP_PAGE_MAX_BYTES || input.max_bytes !== undefined || input.max_lines !== undefined) return undefined
  // Tokens as `outline --tokens` and `budget` estimate them.
  return `this ${what} is ${printed.toLocaleString("en-US")} bytes (about ${estimateTokens(result.content).toLocaleString("en-US")} tokens): --max-bytes ${MCP_PAGE_MAX_BYTES} reads it in pages, --from-line the next one`
}
