/**
 * License texts among a skill's files, which search ranks after every other
 * answer (docs/search.md "License files last").
 *
 * Every skill of Anthropic's published set carries a `LICENSE.txt` (the
 * Apache license), and canvas-design thirty font licenses
 * (`canvas-fonts/Lora-OFL.txt`). RFC-0004 indexes `.txt` files whole, so
 * their legal prose answered ordinary questions: "copy the source files"
 * and "include a notice in the document" were answered by `LICENSE.txt`
 * first, "choose fonts for a poster" in canvas-design by eight font
 * licenses. A license is read when it is asked for; it is not how to do a
 * task. So such a file still answers, and alone when nothing else holds
 * the words, but below every other section; and a question about
 * licensing ("which license covers the fonts") ranks them as any file.
 * Pure.
 */
import { wordOf } from "./rank.js"

/** What a license file's score is multiplied by: it keeps the order among license files, below everything else. */
export const LICENSE_FILE_FACTOR = 0.01

/** LICENSE, LICENCE, COPYING, UNLICENSE in any case, as a whole name or before `.txt`, `.md`, `.markdown`, `.rst`. */
const LICENSE_NAME = /^(?:licen[cs]e|copying|unlicense)(?:\.(?:txt|md|markdown|rst))?$/i

/** COPYRIGHT and NOTICE in capitals only: a `notice.md` may well be a skill's template for a notice. */
const LEGAL_NAME = /^(?:COPYRIGHT|NOTICE)(?:\.(?:txt|md|markdown|rst|TXT|MD))?$/

/** A font's SIL Open Font License: `OFL.txt`, `Lora-OFL.txt`, `Lora_OFL.txt`. */
const FONT_LICENSE = /(?:^|[-_])ofl\.txt$/i

/** Whether `file` (a skill-relative path, `/`-separated) holds a license's text, by its name. */
export const isLicenseFile = (file: string): boolean => {
  const name = file.slice(file.lastIndexOf("/") + 1)
  // Almost no file is a license: a look at the name's first letters and its end spares the expressions
  // (compiled by V8 at first use, a measurable share of a search's run) for every other name.
  const start = name.slice(0, 3).toLowerCase()
  if (start !== "lic" && start !== "cop" && start !== "unl" && start !== "not" && !name.slice(-7).toLowerCase().endsWith("ofl.txt")) return false
  return LICENSE_NAME.test(name) || LEGAL_NAME.test(name) || FONT_LICENSE.test(name)
}

/** Words that ask about licensing itself: the license files then rank as any other file. */
const LICENSING_WORD = /^(?:licen[cs](?:e|es|ed|ing)|copyrights?|copyrighted|ofl|warrant(?:y|ies)|redistribut(?:e|es|ed|ing|ion)|trademarks?|sublicen[cs]\w*)$/

/** Whether a question (its tokens as typed) asks about licensing: then its license files are not put last. */
export const asksAboutLicensing = (tokens: ReadonlyArray<string>): boolean => tokens.some((t) => LICENSING_WORD.test(wordOf(t)))
