/**
 * The one token estimate skc uses for context budgets (`load`, `outline
 * --tokens`, lint SKL603): ⌈code points ÷ 4⌉.
 *
 * Why this estimator: it is the rule of thumb model vendors publish for
 * English text (about four characters per token), needs no vocabulary
 * file, is monotonic and additive within one token per part, and errs high
 * for prose in other scripts only where every estimator without the real
 * vocabulary errs. It is an estimate; budgets are advisory.
 */
export const CHARS_PER_TOKEN = 4

export const countCodePoints = (text: string): number => {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    n++
  }
  return n
}

export const estimateTokens = (text: string): number => Math.ceil(countCodePoints(text) / CHARS_PER_TOKEN)

export interface SectionSpan {
  readonly line: number
  /** Exclusive (DECISIONS #15). */
  readonly endLine: number
}

/**
 * Tokens of every section (heading line up to its `endLine`) of a file split
 * into lines; a section's count includes its subsections, as its extent does.
 */
export const sectionTokens = (lines: ReadonlyArray<string>, sections: ReadonlyArray<SectionSpan>): ReadonlyArray<number> =>
  sections.map((s) => estimateTokens(lines.slice(s.line - 1, s.endLine - 1).join("\n")))
