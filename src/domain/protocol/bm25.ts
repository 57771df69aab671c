/**
 * Okapi BM25 over a skill catalogue's name and description (the protocol's
 * "relevance score"). A catalogue is tens to hundreds of short documents, so
 * the index is a few maps built per query; no database needed.
 *
 * Name words count twice (a cheap BM25F): a request naming a skill's subject
 * should beat one that only brushes its description.
 */
import { withoutExclusions } from "./exclusions.js"
import { matchTerms as terms, requestTerms } from "./text.js"

export const K1 = 1.2
export const B = 0.75
export const NAME_WEIGHT = 2
/**
 * Virtual documents that match nothing, added to the collection size for IDF.
 * IDF is meaningless in a catalogue of one or two skills (a word every skill
 * has gets almost no weight); this prior keeps scores of small catalogues on
 * the scale of larger ones and fades as the catalogue grows.
 */
export const PRIOR_DOCS = 10

export interface Bm25Doc {
  readonly id: string
  readonly name: string
  readonly description: string
  /**
   * Where the skill's own `description` ends in `description` when the agent lists another field after it
   * (Claude Code's `when_to_use`): the words past it are reported as that field's, so an author tuning a
   * listing edits the field that holds them. Scoring reads the joined text as one field either way.
   */
  readonly descriptionEnd?: number | undefined
}

/** Where a request word was found: the name, the description, or the field listed after it (Claude Code). */
export type MatchedField = "name" | "description" | "when_to_use"

export interface TermHit {
  /** The request word. */
  readonly word: string
  readonly stem: string
  readonly fields: ReadonlyArray<MatchedField>
  readonly contribution: number
}

export interface Bm25Score {
  readonly id: string
  readonly score: number
  readonly hits: ReadonlyArray<TermHit>
  /**
   * The share of the request's content words this document holds, each word
   * weighed by its IDF over the collection (a word no description holds has
   * the highest): 1 when it holds them all, 0 when none (issue 47 item 4).
   */
  readonly coverage: number
}

interface Indexed {
  readonly id: string
  readonly tf: ReadonlyMap<string, number>
  readonly nameStems: ReadonlySet<string>
  readonly descriptionStems: ReadonlySet<string>
  /** The stems of the text listed after the description (empty when none). */
  readonly laterStems: ReadonlySet<string>
  readonly length: number
}

/** The description's stems and those of the field listed after it, split where the description ends. */
const describedStems = (d: Bm25Doc, all: ReadonlyArray<{ readonly stem: string }>) => {
  if (d.descriptionEnd === undefined || d.descriptionEnd >= d.description.length) {
    return { descriptionStems: new Set(all.map((t) => t.stem)), laterStems: new Set<string>() }
  }
  return {
    descriptionStems: new Set(terms(d.description.slice(0, d.descriptionEnd)).map((t) => t.stem)),
    laterStems: new Set(terms(d.description.slice(d.descriptionEnd)).map((t) => t.stem))
  }
}

export const bm25 = (docs: ReadonlyArray<Bm25Doc>, query: string): ReadonlyArray<Bm25Score> => {
  const indexed: Array<Indexed> = docs.map((given) => {
    // What the description says the skill is not for is no evidence for it (exclusions.ts); blanked, so
    // `descriptionEnd` still points where the description ends. The description and the field listed after
    // it are blanked apart: an unended "Not for …" in one is no clause of the other.
    const end = given.descriptionEnd
    const description =
      end === undefined || end >= given.description.length
        ? withoutExclusions(given.description)
        : withoutExclusions(given.description.slice(0, end)) + withoutExclusions(given.description.slice(end))
    const d = { ...given, description }
    const nameTerms = terms(d.name)
    const descTerms = terms(d.description)
    const tf = new Map<string, number>()
    for (const t of nameTerms) tf.set(t.stem, (tf.get(t.stem) ?? 0) + NAME_WEIGHT)
    for (const t of descTerms) tf.set(t.stem, (tf.get(t.stem) ?? 0) + 1)
    return {
      id: d.id,
      tf,
      nameStems: new Set(nameTerms.map((t) => t.stem)),
      ...describedStems(d, descTerms),
      length: nameTerms.length * NAME_WEIGHT + descTerms.length
    }
  })
  const n = indexed.length
  const avgdl = n === 0 ? 1 : Math.max(1, indexed.reduce((s, d) => s + d.length, 0) / n)
  const df = new Map<string, number>()
  for (const d of indexed) for (const stem of d.tf.keys()) df.set(stem, (df.get(stem) ?? 0) + 1)

  // Each distinct request stem counts once, shown by its first spelling.
  const queryTerms = new Map<string, string>()
  for (const t of requestTerms(query)) if (!queryTerms.has(t.stem)) queryTerms.set(t.stem, t.word)
  const idfOf = (stem: string) => {
    const docFreq = df.get(stem) ?? 0
    return Math.log(1 + (n + PRIOR_DOCS - docFreq + 0.5) / (docFreq + 0.5))
  }
  let requestIdf = 0
  for (const stem of queryTerms.keys()) requestIdf += idfOf(stem)

  return indexed.map((d) => {
    const hits: Array<TermHit> = []
    let score = 0
    let heldIdf = 0
    for (const [stem, word] of queryTerms) {
      const tf = d.tf.get(stem) ?? 0
      if (tf === 0) continue
      const idf = idfOf(stem)
      heldIdf += idf
      const contribution = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / avgdl))
      score += contribution
      const fields: Array<MatchedField> = []
      if (d.nameStems.has(stem)) fields.push("name")
      if (d.descriptionStems.has(stem)) fields.push("description")
      if (d.laterStems.has(stem)) fields.push("when_to_use")
      hits.push({ word, stem, fields, contribution })
    }
    return { id: d.id, score, hits, coverage: requestIdf === 0 ? 0 : heldIdf / requestIdf }
  })
}
