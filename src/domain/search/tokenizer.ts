/**
 * From the `[search].tokenizer` setting to an FTS5 table definition and the
 * value recorded in `index_meta.tokenizer` (RFC-0004:C-INDEX,
 * RFC-0009:C-TOKENIZER, DECISIONS #7).
 *
 * | setting | porter available | FTS5 `tokenize=`   | recorded        |
 * |---------|------------------|--------------------|-----------------|
 * | ascii   | yes              | `porter unicode61` | `porter`        |
 * | ascii   | no               | `unicode61`        | `unicode61`     |
 * | cjk     | yes              | `porter unicode61` | `cjk+porter`    |
 * | cjk     | no               | `unicode61`        | `cjk+unicode61` |
 *
 * `cjk` indexes text segmented by `segmentCjk` (each CJK character its own
 * token, ASCII words whole and stemmed). Its recorded values differ from the
 * `ascii` ones, so switching the setting makes every existing index stale
 * (E002) until the next build, as RFC-0009:C-TOKENIZER requires.
 */
import type { Tokenizer } from "../config.js"

export type RecordedTokenizer = "porter" | "unicode61" | "cjk+porter" | "cjk+unicode61"

export interface TokenizerChoice {
  /** The setting it was derived from. */
  readonly setting: Tokenizer
  /** The `tokenize=` argument of the FTS5 table. */
  readonly fts5: "porter unicode61" | "unicode61"
  /** What `index_meta.tokenizer` holds, compared on every query. */
  readonly recorded: RecordedTokenizer
  /** Whether text and queries are pre-segmented for CJK. */
  readonly segmentsCjk: boolean
}

/** The preference for this run: `porterAvailable` is probed on the real SQLite. */
export const tokenizerChoice = (setting: Tokenizer, porterAvailable: boolean): TokenizerChoice => {
  const fts5 = porterAvailable ? ("porter unicode61" as const) : ("unicode61" as const)
  if (setting === "cjk") {
    return { setting, fts5, recorded: porterAvailable ? "cjk+porter" : "cjk+unicode61", segmentsCjk: true }
  }
  return { setting, fts5, recorded: porterAvailable ? "porter" : "unicode61", segmentsCjk: false }
}

/** The choice an existing index was built with, from its recorded value; undefined if unknown. */
export const choiceFromRecorded = (recorded: string): TokenizerChoice | undefined => {
  switch (recorded) {
    case "porter":
      return tokenizerChoice("ascii", true)
    case "unicode61":
      return tokenizerChoice("ascii", false)
    case "cjk+porter":
      return tokenizerChoice("cjk", true)
    case "cjk+unicode61":
      return tokenizerChoice("cjk", false)
    default:
      return undefined
  }
}

/** Han, Hiragana or Katakana: text written without spaces between words, which only the `cjk` tokenizer splits. */
const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u

/** A question in Chinese or Japanese asked of an index that does not segment them (DECISIONS #7): its empty answer names `cjk`. */
export const asksUnsegmentedCjk = (choice: TokenizerChoice, question: string): boolean => !choice.segmentsCjk && CJK_TEXT.test(question)
