/**
 * Issue 50: which findings a code action request is about, when the cursor
 * is beside them and the client names the line's diagnostics. Neovim 0.7
 * names them with the columns it stores (bytes), not the UTF-16 units
 * skc sent: on a line with non-ASCII text before a finding, the range named
 * is not the finding's, and no quick fix was offered.
 */
import { describe, expect, it } from "vitest"
import { requested } from "../../src/lsp/ranges.js"

const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } })

// `😀 Run \`SCRIPTS/FILL.PY\` now.`: the mention is UTF-16 units 10-25, bytes 12-27 (😀 is 2 units, 4 bytes).
const mention = { code: "SKL402", message: "mention-case: 'SCRIPTS/FILL.PY' matches 'scripts/fill.py' only ignoring case", range: range(7, 10, 25) }
const link = { code: "SKL301", message: "link-file-exists: link target not found: 'a.md'", range: range(7, 30, 38) }
const cursor = range(7, 0, 0)

describe("requested", () => {
  it("takes the findings the request's range meets, whatever the client names", () => {
    expect(requested([mention, link], range(7, 12, 12), [mention, link])).toEqual([mention])
  })

  it("takes a named diagnostic whose code and range are a finding's", () => {
    expect(requested([mention, link], cursor, [mention])).toEqual([mention])
  })

  it("takes a named diagnostic with a finding's code, message and line, its columns counted in bytes as Neovim 0.7 sends them", () => {
    const inBytes = { ...mention, range: range(7, 12, 27) }
    expect(requested([mention, link], cursor, [inBytes])).toEqual([mention])
  })

  it("takes a named diagnostic whose message is LSP 3.18 markup with the finding's text", () => {
    const inMarkup = { ...mention, message: { kind: "plaintext", value: mention.message }, range: range(7, 12, 27) }
    expect(requested([mention, link], cursor, [inMarkup])).toEqual([mention])
    expect(requested([mention, link], cursor, [{ ...inMarkup, message: { kind: "markdown", value: "other" } }])).toEqual([])
  })

  it("takes no finding of another code, another message or another line", () => {
    expect(requested([mention, link], cursor, [{ ...mention, code: "SKL401", range: range(7, 12, 27) }])).toEqual([])
    expect(requested([mention, link], cursor, [{ ...mention, message: "other", range: range(7, 12, 27) }])).toEqual([])
    expect(requested([mention, link], range(8, 0, 0), [{ ...mention, range: range(8, 10, 25) }])).toEqual([])
  })

  it("takes a finding whose certain fix edits where the request is, away from its range (SKL402's other occurrences)", () => {
    const repeated = { ...mention, fixedAt: [range(7, 10, 25), range(40, 9, 24)] }
    expect(requested([repeated, link], range(40, 12, 12), [])).toEqual([repeated])
    expect(requested([repeated, link], range(41, 12, 12), [])).toEqual([])
    // The cursor on the `[` of `[f](FORMS.MD)`, whose SKL301 covers the whole link: the fix inside it comes too,
    // and so it does when Neovim names the line's SKL301 with the cursor beside it.
    const wholeLink = { ...link, range: range(40, 1, 25) }
    expect(requested([repeated, wholeLink], range(40, 1, 1), [])).toEqual([wholeLink, repeated])
    expect(requested([repeated, wholeLink], range(40, 0, 0), [wholeLink])).toEqual([wholeLink, repeated])
  })
})
