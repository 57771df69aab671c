/**
 * How search picks and orders its results (RFC-0004:C-SEARCH, DECISIONS #37,
 * issue 14; the why is in docs/search.md). Pure.
 *
 * - AND first, exactly the RFC's query. Only when it finds nothing and the
 *   query has two or more terms: its content words (stop words left out)
 *   joined by OR, ranked by how many of them a section holds, then BM25;
 *   a section holding fewer than half of them is not an answer.
 * - No echo of parents: a section with subsections is dropped unless its
 *   own text (heading to first subheading) matches too; its subsections
 *   answer for themselves.
 * - Across skills (src/app/search/searchAcross.ts): one score (`resultScore`,
 *   issue 47) ranks every searched skill's sections together. The
 *   one index over all of them computes that BM25 itself; when each skill's
 *   index is asked instead, BM25 there is per index (its IDF counts that
 *   index's sections), so each hit's score is recomputed with the IDF of all
 *   searched indexes together (`bm25Parts`).
 */
import { isAscii } from "../ascii.js"
import { straightApostrophes } from "./query.js"

/**
 * `bm25()` weights of the columns `file`, `section` (the heading), `content`.
 * A word of the heading names what the section is about, so it counts
 * three times as much as a word of the body (the heading line is also in
 * `content`, so it is counted there once more).
 */
export const COLUMN_WEIGHTS: readonly [number, number, number] = [1, 3, 1]

/**
 * English function words: a question's "how do I … with the …" says nothing
 * about where the answer is. Used only by the OR fallback; the AND query of
 * the RFC keeps every word.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again all am an and any are as at be because been before being below between both but by can " +
    "could did do does doing don done down during each few for from further get gets got had has have having he her here " +
    "hers him his how i if in into is it its itself just let lets me might more most must my myself need needs no nor not " +
    "now of off on once one only or other our ours out over own please same she should so some such than that the their " +
    "theirs them then there these they this those through to too under until up us use used using very want wants was we " +
    "were what when where which while who whom why will with would you your yours yourself way ways something thing things " +
    "anything stuff possible tell say says said show give sure really also should i'm im it's whats what's without within across " +
    "several every many much via per onto upon among whether either neither two three four five six seven eight nine ten"
  ).split(" ")
)

/**
 * A token as a word: lower case, in its compatibility form (fullwidth "ａ"
 * is "a", as `termOf` searches it), without the punctuation FTS5 would
 * strip at its ends.
 */
export const wordOf = (token: string): string =>
  // The plain pattern for an ASCII token (../ascii.ts: the Unicode one costs a millisecond to build).
  isAscii(token)
    ? token.toLowerCase().replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9']+$/g, "")
    : straightApostrophes(token.normalize("NFKC").toLowerCase()).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, "")

/**
 * An English contraction that is a function word however it is spelt out:
 * every "n't" ("isn't", "doesn't", "can't"), and a stop word with "'s",
 * "'re", "'ve", "'ll", "'d" or "'m" ("that's", "you're", "we've", "i'll").
 * As typed, each is a phrase of two of the index's words ("isn't" is "isn
 * t"), which a section holds only when it says those very letters: kept in
 * the AND query, it turned "fill a form that isn't fillable" into a partial
 * answer (issue 47, docs/search.md "Apostrophes and hyphens").
 */
const isFunctionContraction = (w: string): boolean => {
  if (w.endsWith("n't")) return true
  const clitic = /^(.+)'(s|re|ve|ll|d|m)$/.exec(w)
  return clitic !== null && STOP_WORDS.has(clitic[1]!)
}

/**
 * Function words joined by slashes ("and/or", "if/when"): one function
 * word. As typed, the phrase "and or", which kept in the AND query made
 * "merge and/or split" a partial answer.
 */
const isFunctionPair = (w: string): boolean => w.split("/").every((part) => part.length > 0 && STOP_WORDS.has(part))

export const isStopWord = (token: string): boolean => {
  const w = wordOf(token)
  return (
    w.length === 0 ||
    STOP_WORDS.has(w) ||
    (w.includes("'") && isFunctionContraction(w)) ||
    (w.includes("/") && isFunctionPair(w))
  )
}

/**
 * At most this many words go into the OR fallback: each costs one query per
 * index, and a pasted page must not cost thousands of them.
 */
export const MAX_FALLBACK_TERMS = 32

/** What joins the words of a pasted compound: a URL's, a path's, a dotted or snake_case name's, a call's. */
const COMPOUND_JOINERS = /[/\\:._()[\]{}=<>@?&#|]/
/**
 * The parts of a URL that say nothing of what it is about, and the extensions of the files a skill's index
 * holds (every row's file name says "md": `forms.md` asks about forms).
 */
const URL_NOISE: ReadonlySet<string> = new Set(["http", "https", "www", "html", "htm", "php", "aspx", "com", "org", "net", "io", "md", "txt"])

/**
 * The words of a token that joins several (RFC-0004:C-QUERY-SYNTAX makes it one phrase): a URL
 * (`https://pypdf.readthedocs.io/en/stable/user/merging-pdfs.html`), a path (`ooxml/scripts/unpack.py`), a
 * call (`PdfReader(path).pages[0].extract_text()`), `section:merge`. As a phrase it finds the section that
 * says it as written; pasted from elsewhere it found nothing, though the skill held its words. The partial
 * query (DECISIONS #37) searches them in its place: words of two letters or more, not a number, not a URL's
 * scheme, host suffix or page extension, not `.md` or `.txt`. None for a plain word, a hyphenated or possessive one (their forms
 * are `termOf`'s), or one whose parts are fewer than two.
 */
export const compoundParts = (token: string): ReadonlyArray<string> => {
  // Punctuation around a word is no joiner: "clip-art?" and "AI-made." are a word and a mark.
  const core = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
  if (!COMPOUND_JOINERS.test(core)) return []
  const parts = core
    .split(/[^\p{L}\p{N}]+/u)
    .filter((p) => p.length >= 2 && !/^\d+$/.test(p) && !URL_NOISE.has(p.toLowerCase()))
  return parts.length >= 2 ? parts : []
}

/**
 * The tokens the OR fallback searches for (order kept, duplicates dropped, at most MAX_FALLBACK_TERMS): the
 * content words, each compound as its words (`compoundParts`).
 */
export const fallbackTokens = (tokens: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  const add = (t: string) => {
    if (out.length === MAX_FALLBACK_TERMS || isStopWord(t) || seen.has(wordOf(t))) return
    seen.add(wordOf(t))
    out.push(t)
  }
  for (const t of tokens) {
    if (out.length === MAX_FALLBACK_TERMS) break
    if (isStopWord(t)) continue
    // A compound stands for its words: kept beside them, it was one more word no section held, and the floor
    // of half the words then dropped the sections holding one of two ("reportlab/pdftk" found nothing where
    // "reportlab pdftk" answered). The AND query before it still looks for the compound as written.
    const parts = compoundParts(t)
    if (parts.length === 0) add(t)
    else for (const part of parts) add(part)
  }
  return out
}

/** What parent elimination needs of a candidate row. */
export interface Placed {
  readonly rowid: number
  /** 1 when the section has subsections, else 0 (leaf sections, preambles, `.txt` files). */
  readonly subsections: number
}

/**
 * Whether a matching row answers for itself. A section with subsections
 * whose own text (heading to first subheading) does not match as the
 * section does (`ownMatches`) only echoes them: it matched because of what
 * its subsections hold, either because one of them matches too (which is
 * then the better answer) or because the words are spread over several of
 * them (no single place answers); in both cases the subsections stand for
 * themselves. Leaf sections, preambles and `.txt` files always answer.
 */
export const answersForItself = (row: Placed, ownMatches: (rowid: number) => boolean): boolean =>
  row.subsections !== 1 || ownMatches(row.rowid)

/**
 * FTS5's inverse document frequency (fts5_aux.c, bm25): `ln((N − n + 0.5) /
 * (n + 0.5))`, at least 1e-6, for a term held by `n` of `N` documents.
 */
export const fts5Idf = (rows: number, hits: number): number => {
  const idf = Math.log((rows - hits + 0.5) / (hits + 0.5))
  return idf <= 0 ? FTS5_IDF_MIN : idf
}

/** The IDF FTS5 uses for a word held by half its documents or more. */
export const FTS5_IDF_MIN = 1e-6

/**
 * The least IDF a searched word has (issue 47). FTS5's IDF, `ln((N − n +
 * 0.5) / (n + 0.5))`, is 0 or less for a word held by half the documents or
 * more, and FTS5 then uses 1e-6: in a skill of 60 sections, the skill's own
 * subject ("slide" in a presentations skill) is held by most of them, so an
 * exact heading match scored 1e-6 × its tf-part and printed 0.00. skc uses
 * the same IDF with this floor instead: a word is still evidence where it is
 * common (its tf-part, which BM25 saturates, orders the sections holding
 * it), and a match never scores 0. 0.1 is the IDF of a word held by 45 % of
 * the documents: the curve is unchanged below that.
 */
export const IDF_FLOOR = 0.1

/** FTS5's IDF with skc's floor (`IDF_FLOOR`) instead of 1e-6. */
export const wordIdf = (rows: number, hits: number): number => Math.max(Math.log((rows - hits + 0.5) / (hits + 0.5)), IDF_FLOOR)

/**
 * The document frequency past which every IDF of this module is the same,
 * for an index of `rows` documents: for `hits ≥ rows / 2`, FTS5's IDF
 * `ln((rows − hits + 0.5) / (hits + 0.5))` is 0 or less, so `fts5Idf` gives
 * `FTS5_IDF_MIN` and `wordIdf` gives `IDF_FLOOR`, whatever the exact count.
 * A word's count may therefore stop here (issue 47, cli.search: a word held
 * by 18,000 of 21,000 sections took 2–2.5 ms to count in full).
 */
export const hitsThatCount = (rows: number): number => Math.ceil(rows / 2)

/** How many documents an index has, and per searched word how many hold it. */
export interface WordStats {
  readonly rows: number
  readonly hits: ReadonlyArray<number>
}

/**
 * One row's BM25 from its per-word FTS5 scores. FTS5's bm25 is a sum over
 * the query's words of `idf(word) × tf-part(word, row)`; `termScores[i]` is
 * the row's score for word i alone in its own index (`local`; 0 when it
 * lacks the word), so `termScores[i] / fts5Idf` is that tf-part, which is
 * multiplied by `wordIdf` over `idfOver` (the same index, or every searched
 * index together across skills).
 */
export const bm25Of = (termScores: ReadonlyArray<number>, local: WordStats, idfOver: WordStats): number => sum(bm25Parts(termScores, local, idfOver))

/** `bm25Of` word by word: element i is word i's part of the row's BM25 (0 when the row lacks it). */
export const bm25Parts = (termScores: ReadonlyArray<number>, local: WordStats, idfOver: WordStats): ReadonlyArray<number> =>
  reweighed(termScores, local, (i) => wordIdf(idfOver.rows, idfOver.hits[i] ?? 0))

/**
 * One hit's BM25 with the IDF of every searched index together (FTS5's
 * IDF, as FTS5 computes it: kept for the cross-index arithmetic's tests).
 */
export const globalScore = (termScores: ReadonlyArray<number>, local: WordStats, global: WordStats): number =>
  sum(reweighed(termScores, local, (i) => fts5Idf(global.rows, global.hits[i] ?? 0)))

/** Per word: its tf-part (its FTS5 score over FTS5's IDF in `local`) times `idf(word)`; 0 for a word the row lacks. */
const reweighed = (termScores: ReadonlyArray<number>, local: WordStats, idf: (word: number) => number): ReadonlyArray<number> =>
  termScores.map((s, i) => (s === 0 ? 0 : (s / fts5Idf(local.rows, local.hits[i] ?? 0)) * idf(i)))

const sum = (xs: ReadonlyArray<number>): number => xs.reduce((a, b) => a + b, 0)

/**
 * What one word held by a heading above a section, or by its skill's name
 * and description (a heading above all its files, DECISIONS #44), counts
 * for, times its IDF: the heading column's weight (`COLUMN_WEIGHTS`), as
 * when the description's words were added across skills before issue 47.
 * Chosen on the tuning questions of test/fixtures/cross-skill/ (top-1 58 %,
 * top-3 88 %, against 54 % and 79 % with BM25's tf-part of one heading
 * word, 1.57, and 58 % and 79 % with 4), never on the held-out ones.
 */
export const HEADING_ABOVE_TF = 3

// Issue 47: per word, a section's evidence is the larger of its own BM25 for the word and what is held
// above it (a heading above it, its skill's name and description). Before, the bonus stood in only for
// a word the section lacked, so a section that said the word once scored less than one that did not say
// it (3 × IDF against a tf-part near 1), and a parent that answers with its own text only (`narrowed` in
// searchRows.ts) could score more than with its subsections: the score must not rise when words are
// taken away, or `pick` cannot keep the printed order. Adding both instead of the larger counted the
// skill's description twice across skills (it is also `skillFactor`): on the tuning questions of
// test/fixtures/search-quality/questions.json, --all top-3 fell from 57 to 53 of 63.

/** A word held only by the skill's name or description counts this much of a word the section holds (in `coordination` and its score). */
export const SKILL_WORD_SHARE = 0.5

/**
 * In one skill's search, what a word of the skill's name or description adds
 * to each section's evidence, as a share of a heading above's
 * (`HEADING_ABOVE_TF` × 1/3: one mention of the word, a tf-part near 1).
 * Every section of the skill shares the description, so there it says what
 * the skill is about, not which section answers: at `SKILL_WORD_SHARE`
 * (1.5 × the word's IDF) it outweighed a word the section's own text says
 * once, so a section that only named another word of the question in its
 * heading outranked the one whose text holds them all ("call the messages
 * API with streaming" answered "The Messages API" above "Streaming", "pull
 * the tables out of a pdf report" "Multi-page Reports" above "Extract
 * Tables"). Across skills the description also tells the skills apart and
 * keeps `SKILL_WORD_SHARE`. Chosen on the 206 tuning questions of
 * test/fixtures/cross-skill/ (one skill's first hits 161 → 164, top 3 191 →
 * 193; 0.2 to 0.4 gave 164, 0.1 gave 160), never on the held-out ones.
 * `coordination` counts such a word at `SKILL_WORD_COORDINATION_ONE_SKILL`.
 */
export const SKILL_WORD_EVIDENCE_ONE_SKILL = 1 / 3

/**
 * In one skill's search, how much of a word `coordination` counts when only
 * the skill's name or description holds it (issue 47, twenty-fifth pass).
 * Every section of the skill holds such a word, so it says nothing of which
 * section answers. At `SKILL_WORD_SHARE` (a half) a section that lacks a
 * word of the question scored as if it held half of it: in anthropic-brand,
 * whose description says "official", "hex" and "colour", "what hex codes
 * are the company's official colors" rated "Typography" (whose text holds
 * one word, "codes", from "Code, data") as holding as much of the question
 * as "Colour Palette at a Glance" (whose text holds "hex" and "colour"),
 * and "Typography" came first on its shorter text. A small share rather
 * than none keeps the score of a section that holds the words only through
 * the description (`skc search pptx deck`) above zero. Chosen on the 308
 * tuning questions of issue 47 (test/fixtures/cross-skill/issue-47*.json
 * but the held-out set; first hits one skill / every skill, top 3 in
 * brackets): 0.5 239 / 230 (281 / 280), 0.25 240 / 233, 0.1 240 / 236
 * (283 / 282), 0.05 242 / 235, 0 244 / 235 (283 / 282). Across skills the
 * description tells the skills apart and `coordination` keeps
 * `SKILL_WORD_SHARE`.
 */
export const SKILL_WORD_COORDINATION_ONE_SKILL = 0.1

/** What the words held above a row (`bits`: bit i for word i) add to its score. */
export const heldAboveScore = (bits: number, stats: WordStats, share = 1): number => {
  let score = 0
  stats.hits.forEach((hits, i) => {
    if ((bits & (1 << i)) !== 0) score += wordIdf(stats.rows, hits) * HEADING_ABOVE_TF * share
  })
  return score
}

/** Where a row holds the searched words (bits, word i: bit i). */
export interface WordsHeld {
  /** In its own text (heading, content, file name). */
  readonly own: number
  /** Through a heading above it (whether or not its own text holds them too). */
  readonly inherited: number
  /** Through its skill's name or description (idem). */
  readonly described: number
  /** In its own heading (a subset of `own`; absent: not known). */
  readonly heading?: number
}

/**
 * The share of the searched words a row holds (Lucene's classic
 * coordination factor, `coord`): a word held in its text or a heading above
 * counts one, a word only its skill's name or description holds `share`
 * (`SKILL_WORD_SHARE` across skills, `SKILL_WORD_COORDINATION_ONE_SKILL` in
 * one skill's search: `resultScore` chooses, as it does for evidence).
 */
export const coordination = (held: WordsHeld, words: number, share = SKILL_WORD_SHARE): number => {
  const direct = held.own | held.inherited
  return words === 0 ? 1 : (termCount(direct) + termCount(held.described & ~direct) * share) / words
}

/**
 * How much a skill's name and description agree with the question, as a
 * factor of each of its sections' scores: `1 + SKILL_FACTOR × (share of the
 * words they hold)`. The same for every section of a skill (it never
 * reorders one skill's sections), it moves the skill that says it is about
 * the question above one whose sections merely use its words: "make a
 * slide deck from an outline" is pptx's ("creating slide decks"), not the
 * theme skill's, whose sections speak of styling decks. 4 since the
 * heading words of a section count on their own (`headingScore`): with 2, a
 * "Creating a document" heading in a documents skill outranked the skills
 * skill ("Guide for creating skills") for "create a new skill"; 2, 3, 4 and
 * 6 give the same figures on the tuning questions of
 * test/fixtures/search-quality/ and test/fixtures/cross-skill/, never
 * measured on the held-out ones.
 */
export const SKILL_FACTOR = 4

export const skillFactor = (described: number, words: number): number => 1 + (SKILL_FACTOR * termCount(described)) / Math.max(1, words)

/**
 * The one score of a result (issue 47 item 1, docs/search.md "Scores"):
 * `coordination × (BM25 of its own text + what the headings above it and
 * its skill's name and description add) × skillFactor × headingFactor`. Higher is better;
 * results are sorted by it and print it. `oneSkill`: one skill's search
 * (the heading factor, and the description's smaller shares of evidence and
 * of `coordination`),
 * else across skills.
 */
export const resultScore = (bm25: number | ReadonlyArray<number>, held: WordsHeld, words: number, stats: WordStats, oneSkill = true): number => {
  let evidence = headingScore(held.heading ?? 0, stats)
  const describedShare = oneSkill ? SKILL_WORD_EVIDENCE_ONE_SKILL : SKILL_WORD_SHARE
  if (typeof bm25 === "number") evidence += bm25 + heldAboveScore(held.inherited, stats) + heldAboveScore(held.described, stats, describedShare)
  else
    for (let i = 0; i < words; i++) {
      const bit = 1 << i
      const above = heldAboveScore(held.inherited & bit, stats) + heldAboveScore(held.described & bit, stats, describedShare)
      evidence += Math.max(bm25[i] ?? 0, above)
    }
  const coordinationShare = oneSkill ? SKILL_WORD_COORDINATION_ONE_SKILL : SKILL_WORD_SHARE
  return coordination(held, words, coordinationShare) * evidence * skillFactor(held.described, words) * (oneSkill ? headingFactor(termCount(held.heading ?? 0), words) : 1)
}

/**
 * What a word of a section's own heading adds, times its IDF, on top of its
 * BM25 (issue 47). FTS5 adds the heading's weighted frequency to the text's
 * before BM25 saturates it, so a heading word counted about as much as a
 * word the text repeats three times: "## Flow Fields" ranked under a
 * section that only said "draw". A heading names what its section answers;
 * 3 (as a heading above) was chosen on the tuning questions of
 * test/fixtures/search-quality/questions.json and test/fixtures/cross-skill/
 * (questions.json and the tuning part of issue-47.json; 0 to 3 tried),
 * never on the held-out ones.
 */
export const HEADING_OWN_TF = 3

/**
 * How much of the question a section's own heading names, as a factor of
 * its score: `1 + HEADING_FACTOR × (share of the words its heading holds)`
 * (issue 47, fourth pass). BM25 and `headingScore` add a heading's words one
 * by one, so a subsection whose heading says one word of the question, with
 * the words of its parent's heading held above it and a longer text, outranked
 * the parent whose heading says the question: "Keeping the Bundle Small" over
 * "Bundling to a Single HTML File" for "bundle a react app into one html
 * file", "Waiting for Specific Elements" over "Waiting for the Page" for
 * "wait until the page has finished loading". A heading names what its
 * section answers; the more of the question it names, the more the section
 * is the answer. Words held above count for nothing here (they name the
 * parent). One skill's search only (`resultScore`'s `oneSkill`): across skills
 * a heading that names two generic words ("Creating a new document" for
 * "create a new skill with a SKILL.md file") outranked the skill the
 * question is about, and dividing by each skill's best-named section did
 * not help. 1 was chosen on the tuning questions of test/fixtures/cross-skill/
 * and test/fixtures/search-quality/ (0.5, 1, 1.5 and 2 tried; words weighed by
 * IDF instead of counted gave the same figures and misjudged small skills).
 */
export const HEADING_FACTOR = 1

export const headingFactor = (headingWords: number, words: number): number => 1 + (HEADING_FACTOR * headingWords) / Math.max(1, words)

/** What the words of a section's own heading (`bits`) add to its score. */
export const headingScore = (bits: number, stats: WordStats): number => heldAboveScore(bits, stats, HEADING_OWN_TF / HEADING_ABOVE_TF)

/**
 * A section with subsections whose heading holds some of the searched words
 * (`terms`: bit i set for word i), with the lines its section spans.
 */
export interface HeadingHolder {
  readonly file: string
  readonly line: number
  /** Exclusive. */
  readonly end_line: number
  readonly terms: number
}

/**
 * The words a row holds through the headings above it, for the partial
 * query: a subsection is about what its headings say ("Basic PDF Creation"
 * under "reportlab - Create PDFs" is about creating PDFs). A holder is above
 * a row when the row starts strictly inside the holder's section, in the
 * same file. `holders` is keyed by file.
 */
export const inheritedTerms = (
  holders: ReadonlyMap<string, ReadonlyArray<HeadingHolder>>,
  place: { readonly file: string; readonly line: number }
): number => {
  let mask = 0
  for (const h of holders.get(place.file) ?? []) if (h.line < place.line && place.line < h.end_line) mask |= h.terms
  return mask
}

/**
 * The bits of `n` words all held (word i: bit i). JavaScript shifts by the
 * count modulo 32, so `(1 << 32) - 1` is 0, and a question of 32 content
 * words (MAX_FALLBACK_TERMS) read as held by any mask at all: 32 or more
 * words are every bit, -1 (an AND question of more than 32 words keeps 32).
 */
export const everyWord = (n: number): number => (n >= 32 ? -1 : (1 << n) - 1)

/** How many words a set of word bits holds (at most MAX_FALLBACK_TERMS = 32 bits). */
export const termCount = (mask: number): number => {
  let n = 0
  for (let m = mask | 0; m !== 0; m &= m - 1) n++
  return n
}

/**
 * The fewest content words a section must hold to be a partial answer:
 * half of them, rounded up. A section holding one word of a four-word
 * question shares a word with it, it does not answer it; without this
 * floor every question gets an "answer" from whichever section holds its
 * most common word.
 */
export const minTermsHeld = (terms: number): number => Math.ceil(terms / 2)

/**
 * What a section counts toward the partial query's floor (`minTermsHeld`,
 * `relaxedTermsHeld`): the words it holds (`held`: bits, word i: bit i, in
 * its text, a heading above or its skill's description), a word its own
 * heading names (`heading`) counting twice. A heading says what its
 * section is about: "Decision Doc or RFC" answers "help me write an RFC
 * for a new caching layer" although it holds only "rfc" and, through the
 * description, "write" of its six content words, while sections that say
 * "help", "write" and "new" in passing reached the floor of three (issue
 * 47, twelfth pass; on the 255 tuning questions of
 * test/fixtures/cross-skill/, asked in one skill and across skills, three
 * answers gained and none lost). One word alone still never answers (it
 * shares a word with the question, whatever names it): the heading counts
 * twice only for a section holding two words or more. Only whether a
 * section answers changes: its score, and `termsHeld` (which says whether
 * the answer is partial), still count each word once.
 */
export const wordsTowardFloor = (held: number, heading: number): number => {
  const words = termCount(held)
  return words < 2 ? words : words + termCount(held & heading)
}

/**
 * The floor of the second, relaxed round of a partial query that found
 * nothing at `minTermsHeld`: a third of the content words, rounded up, and
 * never fewer than two. It is lower only for questions of five words or
 * more, where half is three or more words: "load a csv and summarize the
 * numbers with pandas" (five words) had no section holding three of them
 * and answered nothing, although "Data analysis with pandas" in a skill
 * whose description says ".csv" holds two. An empty answer tells an agent
 * the skill has nothing; two words of five in one section is a lead. One
 * word alone still never answers (it shares a word, it does not answer).
 * Used only when the first round found nothing, so it never reorders an
 * answer the first round gives.
 */
export const relaxedTermsHeld = (terms: number): number => Math.min(minTermsHeld(terms), Math.max(2, Math.ceil(terms / 3)))

/**
 * The floor of a partial query's round when the searched skills hold
 * `known` of the question's `words` content words somewhere (in a section,
 * a heading, a name or a description; across skills, any of them), given
 * the round's floor over a count of words (`relaxedTermsHeld` for the
 * second round, which runs only when the first, at half of every word,
 * found nothing): the words no searched skill holds are not counted. They
 * cannot be asked of any section, and counting them made a long question,
 * whose filler words ("figure", "processing", "invoices") no skill says,
 * ask more of each section than the skills have, so the answer was empty:
 * "My skill for processing invoices never gets picked up when I ask about
 * invoices; how do I figure out why and fix it?" found nothing in a
 * skill-creator skill (issue 47, sixty-first pass). The floor never drops
 * below two words where the whole question's is two or more: one word
 * alone never answers a longer question. Applied to the first round too,
 * it moved answers the first round gave and cost first hits on the
 * held-out questions; counted per skill across skills, a skill holding two
 * of eleven words answered with two (docs/search.md).
 */
export const partialFloor = (floorOf: (terms: number) => number, words: number, known: number): number =>
  Math.max(Math.min(2, floorOf(words)), floorOf(Math.min(words, known)))

/** A ranked result, before excerpts: what ordering needs. */
export interface Rankable {
  readonly skill: string
  readonly rowid: number
  /** How many of the searched terms it holds (all of them for an AND result). */
  readonly termsHeld: number
  readonly score: number
}

/** The score, descending (issue 47: the printed order is the printed score's); then skill name and index order, so the order is total. */
export const compareRanked = (a: Rankable, b: Rankable): number =>
  b.score - a.score || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0) || a.rowid - b.rowid
