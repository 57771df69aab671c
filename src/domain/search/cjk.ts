/**
 * Character-level segmentation for the `cjk` tokenizer (RFC-0009:C-TOKENIZER,
 * DECISIONS #7).
 *
 * Node's built-in SQLite (`node:sqlite`) has FTS5 with `unicode61`, `porter`, `trigram` and
 * `ascii`, but no ICU and no way to register a JavaScript tokenizer.
 * `unicode61` reads a run of Han, kana or Hangul characters as ONE token, so
 * `数据库配置` could only be found whole; `trigram` cannot find words of one
 * or two characters. So text is segmented before it reaches FTS5, and queries
 * are segmented the same way:
 *
 * - At every boundary touching a CJK character (CJK next to CJK, CJK next to
 *   a letter or digit) a ZERO WIDTH SPACE (U+200B) is inserted. `unicode61`
 *   treats U+200B (category Cf) as a separator, so each CJK character becomes
 *   its own token while ASCII words stay whole (and are still stemmed by
 *   `porter`).
 * - A query token containing CJK becomes a phrase of its characters
 *   (`"数 据 库"`), which FTS5 matches only where those characters are
 *   adjacent: a word of one or more characters is found inside longer runs,
 *   in mixed CJK/ASCII text, in Chinese, Japanese (kanji and kana) and Korean
 *   (Hangul syllables, which also finds a stem before an attached particle).
 * - U+200B is invisible and carries no meaning in source text, so removing
 *   every U+200B from what FTS5 returns (snippets, section names) gives back
 *   the original text exactly, except for U+200B characters the author wrote
 *   themselves, which are dropped from snippets.
 */

import { isAscii } from "../ascii.js"
import { lazy } from "../lazy.js"

export const SEGMENT_MARK = "\u200b"

// Han (incl. extensions and compatibility ideographs), Hiragana, Katakana
// (incl. half-width), Hangul syllables and jamo, and the prolonged sound mark
// (U+30FC, script Common but part of katakana words).
// Each class is made at first use (../lazy.ts): most commands load this code and search nothing.
const CJK = lazy(() => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\uff70]/u)
// Characters unicode61 keeps inside tokens: letters, numbers, marks (plus
// private use, which unicode61 also keeps).
const TOKEN_CHAR = lazy(() => /[\p{L}\p{N}\p{M}\p{Co}]/u)
// A combining mark (e.g. U+3099, the combining dakuten) belongs to the
// character before it and is never split from it.
const MARK = lazy(() => /\p{M}/u)

// ASCII text holds no CJK character, and is told so without building the class (../ascii.ts).
export const containsCjk = (text: string): boolean => !isAscii(text) && CJK().test(text)

/** Insert `separator` at every token-internal boundary that touches a CJK character. */
export const segmentCjk = (text: string, separator: string = SEGMENT_MARK): string => {
  if (!containsCjk(text)) return text
  let out = ""
  let prev: string | undefined
  let prevIsCjk = false
  let prevIsToken = false
  for (const ch of text) {
    const isCjk = CJK().test(ch)
    const isToken = isCjk || TOKEN_CHAR().test(ch)
    if (prev !== undefined && prevIsToken && isToken && (isCjk || prevIsCjk) && !MARK().test(ch)) out += separator
    out += ch
    prev = ch
    // A mark keeps the CJK-ness of its base character.
    if (!MARK().test(ch)) prevIsCjk = isCjk
    prevIsToken = isToken
  }
  return out
}

/** The original text back from segmented text. */
export const unsegmentCjk = (text: string): string => (text.includes(SEGMENT_MARK) ? text.split(SEGMENT_MARK).join("") : text)
