/**
 * Who an answer with a size budget (`max_bytes`: search, outline) is measured for: over MCP the tool result,
 * its text and its structured content together; at a terminal the one form printed (`--format text` or
 * `json`). Measured as an MCP result at a terminal, `skc search --all "fill form" --max-bytes 4096` printed
 * one result of ten in 490 bytes although all ten took 3 KB, and `skc outline docx --max-bytes 4096` cut a
 * 1.2 KB outline to its first level (probes of issue 47's sixty-first pass).
 */
import { jsonStringByteCost } from "./lineHead.js"
import { utf8Bytes } from "./utf8.js"

export type AnswerSurface = "mcp" | "text" | "json"

/** Bytes of `value` in a JSON document as the CLI prints it (two spaces a level), `depth` levels in, with its comma. */
export const prettyJsonBytes = (value: unknown, depth: number): number => {
  const pretty = JSON.stringify(value, null, 2)
  return utf8Bytes(pretty) + 2 * depth * pretty.split("\n").length + 2
}

/**
 * Kept aside for what says what a cut answer left out: over MCP `mcpReserve` (its object, text line and
 * notice); at a terminal the one form's, at most 1 KB and half of the budget.
 */
export const reserveOn = (surface: AnswerSurface, maxBytes: number, mcpReserve: number): number =>
  surface === "mcp" ? mcpReserve : Math.min(1024, Math.floor(maxBytes / 2))

/**
 * A hint that names a tool's parameters (`pass file (one file) or max_bytes (a larger budget) …`) as the
 * CLI's options (`--file`, `--max-bytes`, `--level`), for a reader at a terminal; a hint naming them already
 * is left as it is.
 */
export const hintAsOptions = (hint: string): string =>
  hint.replace(/(?<!-)\blevel \(/, "--level (").replace(/(?<!-)\bfile \(/, "--file (").replace(/\bmax_bytes \(/, "--max-bytes (")

/** Bytes a named group of left-out items costs in the one form printed at a terminal: its object, or its words. */
export const printedGroupBytes = (group: unknown, surface: "text" | "json"): number =>
  surface === "json" ? prettyJsonBytes(group, 3) : utf8Bytes(JSON.stringify(group))

/**
 * The bytes a page of text (`show`, `open`) may take of a `max_bytes` budget: over MCP the text goes twice
 * (the text content and the structured content's `content`) beside about 1 KB of the rest; at a terminal
 * once, beside its marker line.
 */
export const pageBytesOf = (surface: AnswerSurface, maxBytes: number): number =>
  Math.max(256, surface === "mcp" ? Math.floor((maxBytes - 1024) / 2) : maxBytes - 256)

/**
 * What a byte of a page costs on `surface` (`pageOfBytes`): inside a JSON string over MCP and in `--format
 * json`, where a quote, a backslash and a line end take two bytes; undefined (one byte each) in text.
 */
export const pageByteCost = (surface: AnswerSurface): ((byte: number) => number) | undefined => (surface === "text" ? undefined : jsonStringByteCost)

/** Bytes a line of a page and its newline take on `surface`: escaped inside a JSON string but in text. */
export const pageLineBytes = (surface: AnswerSurface, line: string): number =>
  surface === "text" ? utf8Bytes(line) + 1 : utf8Bytes(JSON.stringify(line))

/** `skc_show` and `skc_open`'s default `max_bytes` over MCP: within what Gemini CLI and OpenCode keep of a result (40–50 KB). */
export const MCP_PAGE_MAX_BYTES = 40960
