/**
 * The protocol's Activation Model ("Selection Strategy"), in its order:
 * 1. explicit mention of a skill's name in the request;
 * 2. relevance of the request to the skill's name and description (BM25
 *    with Porter stemming, `bm25.ts`), kept when at least `threshold`;
 * 3. a slight boost for skills the access log shows were used recently
 *    (multiplicative, so it reorders close candidates but never turns an
 *    irrelevant skill into a match);
 * 4. scope: project before user before plugin, then the name.
 */
import { bm25, type MatchedField, type TermHit } from "./bm25.js"
import { SCOPE_RANK, type DiscoveryScope } from "./discovery.js"
import { isMatchStopWord, words } from "./text.js"

/**
 * Chosen with the evaluation fixtures (test/fixtures/catalogue, 26 skills,
 * 60 requests): below 3 everyday words ("good morning") activate a skill
 * whose description happens to use them; above 3.5 short technical requests
 * ("pod stuck in CrashLoopBackOff") stop matching. `npm run bench -- match`.
 */
export const DEFAULT_THRESHOLD = 3
/**
 * Issue 47 item 4: the least share of the request's content words (each
 * weighed by its IDF over the visible skills' descriptions, a word no
 * description holds weighing most) a skill's name and description must
 * hold to be activated without being named: one word in common is not a
 * match when the request is mostly about something else ("set up a
 * minecraft server for my kids" shares only "server" with an MCP-server
 * skill, coverage 0.17). Chosen on the tuning split of
 * test/fixtures/eval-triggers-issue47 with the catalogue and eval sets
 * beside it (docs/eval.md): 0.3 and more drop legitimate short requests
 * whose other words no description holds ("translate the README into
 * German", 0.27).
 */
export const MIN_COVERAGE = 0.25
/** Largest boost, for a skill used just now: +10 %. */
export const RECENCY_WEIGHT = 0.1
/** The boost halves every week since the last use. */
export const RECENCY_HALF_LIFE_DAYS = 7
export const DEFAULT_MATCH_LIMIT = 5

export interface MatchCandidate {
  readonly name: string
  readonly description: string
  /** Where the skill's `description` ends in `description` when the agent joins `when_to_use` after it (Claude Code). */
  readonly descriptionEnd?: number | undefined
  readonly scope: DiscoveryScope
  readonly path: string
  /** Epoch milliseconds of the last logged access, if any. */
  readonly lastUsedMs?: number | undefined
  /** The agent selects it whatever its listing (Codex's `$name`, Claude Code's `/name`): mentioned, and activated. */
  readonly explicit?: boolean
  /** How the request selected it explicitly (`$pdf`, `/pdf`); `$<name>` when not given. */
  readonly invokedAs?: string
}

export interface MatchedTerm {
  readonly word: string
  readonly stem: string
  readonly fields: ReadonlyArray<MatchedField>
}

export interface SkillMatch {
  readonly name: string
  readonly scope: DiscoveryScope
  readonly path: string
  /** The ranking score: relevance × (1 + recency boost), rounded to 3 decimals. */
  readonly score: number
  /** BM25 relevance alone. */
  readonly relevance: number
  /** The share of the request's content words (IDF-weighed) its name and description hold (issue 47). */
  readonly coverage: number
  /** Its score minus the next candidate's (any relevance, activated or not), 0 when none follows. */
  readonly margin: number
  /** The request words that decided it, largest contribution first. */
  readonly decided_by: ReadonlyArray<string>
  readonly mentioned: boolean
  readonly recency_boost: number
  readonly last_used: string | null
  readonly matched_terms: ReadonlyArray<MatchedTerm>
  readonly reason: string
}

export interface MatchOptions {
  readonly threshold?: number
  /** Least coverage (default MIN_COVERAGE). */
  readonly minCoverage?: number
  readonly limit?: number
  readonly nowMs: number
  /**
   * The agent selects skills by `$name` itself (Codex): a `$name` mentions a skill only when that rule selected
   * it (the candidate's `explicit`). A name two skills share selects neither, and was still "mentioned by name".
   */
  readonly dollarSelects?: boolean
}

const round = (x: number) => Math.round(x * 1000) / 1000

/**
 * Whether the request names the skill (the protocol's "explicit mention",
 * ranked above any relevance). A name of several words is named as that
 * word sequence: `pdf-tools`, `pdf tools`, `PDF_Tools` all name `pdf-tools`.
 * A name of one word is most often the request's subject, not a choice of
 * skill: "convert this Word document to PDF" asks about PDFs, and the docx
 * skill that converts to PDF may answer it better than the one named `pdf`.
 * So a one-word name is named only when the request calls it a skill ("the
 * pdf skill", "skill pdf", "a skill called pdf"), marks it as a name
 * (`` `pdf` ``, `$pdf`, `/pdf`) or names a file of that type (`report.pdf`,
 * "a .pdf"). Written as a bare word it is no mention: `holdsNameWord`
 * activates the skill in its place by relevance, where a name's word counts
 * most.
 */
export const mentions = (request: string, name: string): boolean => mentionIn(requestOf(request), name)

/** A request's words (and its lowercased text), read once for every candidate of a ranking. */
interface Request {
  readonly lower: string
  readonly words: ReadonlyArray<string>
  /** The words joined between spaces: a name's word sequence is found by `includes`. */
  readonly haystack: string
}

const requestOf = (request: string): Request => {
  const asked = words(request)
  return { lower: request.toLowerCase(), words: asked, haystack: ` ${asked.join(" ")} ` }
}

const mentionIn = (request: Request, name: string, dollarSelects = false): boolean => {
  const named = words(name)
  if (named.length === 0) return false
  const { haystack, lower } = request
  if (named.length > 1) return haystack.includes(` ${named.join(" ")} `)
  const word = named[0]!
  if (new RegExp(` ${word} skills? | skills? (?:(?:called|named) )?${word} `).test(haystack)) return true
  // Marked as a name (in backticks, after `$` or `/`), or a file of its type (`.xlsx`, `budget.xlsx`): the
  // characters `words` drops.
  for (const marked of [`\`${word}\``, ...(dollarSelects ? [] : [`$${word}`]), `/${word}`, `.${word}`]) {
    let at = lower.indexOf(marked)
    while (at >= 0) {
      const before = at === 0 ? " " : lower[at - 1]!
      const after = lower[at + marked.length] ?? " "
      // `/pdf` as a path segment (`docs/pdf`), `$pdfs` or `.pdfx` is not the name; a file name before `.pdf` is.
      if ((marked.startsWith(".") || !/[\p{L}\p{N}_/.-]/u.test(before)) && !/[\p{L}\p{N}_-]/u.test(after)) return true
      at = lower.indexOf(marked, at + 1)
    }
  }
  return false
}

/**
 * A one-word name written as a bare word of the request ("merge this PDF"):
 * no explicit mention (`mentions`), yet the request's subject is often the
 * skill's own. Such a skill is activated as a named one is, whatever the
 * gates, but takes its place by relevance: a skill whose description covers
 * more of the request ("convert this Word document to PDF": the docx skill
 * that converts documents) still ranks above it.
 */
const holdsNameWord = (request: Request, name: string): boolean => {
  const named = words(name)
  // A function word ("it", "can", "will", "a") is in most requests: a skill so named is no subject of one.
  return named.length === 1 && !isMatchStopWord(named[0]!) && request.words.includes(named[0]!)
}

export const recencyBoost = (lastUsedMs: number | undefined, nowMs: number): number => {
  if (lastUsedMs === undefined) return 0
  const days = Math.max(0, nowMs - lastUsedMs) / 86_400_000
  return RECENCY_WEIGHT * Math.pow(0.5, days / RECENCY_HALF_LIFE_DAYS)
}

const ago = (lastUsedMs: number, nowMs: number): string => {
  const minutes = Math.max(0, Math.round((nowMs - lastUsedMs) / 60_000))
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.round(minutes / 60)
  if (hours < 48) return `${hours} h ago`
  return `${Math.round(hours / 24)} days ago`
}

const describeHits = (hits: ReadonlyArray<TermHit>) =>
  hits.map((h) => `${h.word}${h.fields.length === 1 ? ` (${h.fields[0]})` : ""}`).join(", ")

/** A candidate as ranked, activated or not: what `skc eval` reports of the skill under test when it lost. */
export interface RankedCandidate extends SkillMatch {
  /** Its place in the ranking over every candidate (1 = first), whatever its relevance. */
  readonly rank: number
  /** It reached the threshold and the coverage, or was named. */
  readonly activated: boolean
  /** Named in the request (mentioned, or its name a word of it): activated whatever its description holds. */
  readonly byName: boolean
}

/** Every candidate in ranking order, each saying whether it is activated; `rankSkills` keeps the activated ones. */
export const scoreSkills = (
  request: string,
  candidates: ReadonlyArray<MatchCandidate>,
  options: MatchOptions
): ReadonlyArray<RankedCandidate> => {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD
  const scores = bm25(
    candidates.map((c, i) => ({ id: String(i), name: c.name, description: c.description, descriptionEnd: c.descriptionEnd })),
    request
  )
  const asked = requestOf(request)
  const ranked = candidates.map((c, i) => {
    const s = scores[i]!
    const mentioned = c.explicit === true || mentionIn(asked, c.name, options.dollarSelects === true)
    const nameWord = !mentioned && holdsNameWord(asked, c.name)
    const boost = s.score > 0 ? recencyBoost(c.lastUsedMs, options.nowMs) : 0
    const score = s.score * (1 + boost)
    const reasons: Array<string> = []
    if (c.explicit === true) reasons.push(c.invokedAs?.startsWith("/") === true ? `invoked as ${c.invokedAs}` : `mentioned as ${c.invokedAs ?? `$${c.name}`}`)
    else if (mentioned) reasons.push("mentioned by name")
    // Not a mention (JSON `mentioned: false`): it is activated whatever the gates, and placed by its relevance.
    else if (nameWord) reasons.push("its name is a word of the request (no mention: activated, placed by relevance)")
    if (s.hits.length > 0) reasons.push(`matched ${describeHits(s.hits)} (${Math.round(s.coverage * 100)} % of the request)`)
    if (boost > 0 && c.lastUsedMs !== undefined) reasons.push(`used ${ago(c.lastUsedMs, options.nowMs)} (+${(boost * 100).toFixed(1)} %)`)
    reasons.push(`${c.scope} scope`)
    const match: Omit<SkillMatch, "margin"> = {
      name: c.name,
      scope: c.scope,
      path: c.path,
      score: round(score),
      relevance: round(s.score),
      coverage: round(s.coverage),
      decided_by: [...s.hits].sort((a, b) => b.contribution - a.contribution).map((h) => h.word),
      mentioned,
      recency_boost: round(boost),
      last_used: c.lastUsedMs === undefined ? null : new Date(c.lastUsedMs).toISOString().replace(/\.\d{3}Z$/, "Z"),
      matched_terms: s.hits.map((h) => ({ word: h.word, stem: h.stem, fields: h.fields })),
      reason: reasons.join("; ")
    }
    return { match, exact: score, coverage: s.coverage, nameWord }
  })
  const minCoverage = options.minCoverage ?? MIN_COVERAGE
  const order = [...ranked].sort(
    (a, b) =>
      Number(b.match.mentioned) - Number(a.match.mentioned) ||
      (Math.abs(b.exact - a.exact) > 1e-9 ? b.exact - a.exact : 0) ||
      SCOPE_RANK[a.match.scope] - SCOPE_RANK[b.match.scope] ||
      (a.match.name < b.match.name ? -1 : a.match.name > b.match.name ? 1 : 0)
  )
  return order.map((r, i): RankedCandidate => ({
    ...r.match,
    margin: round(r.exact - (order[i + 1]?.exact ?? 0)),
    rank: i + 1,
    activated: r.match.mentioned || r.nameWord || (r.match.relevance > 0 && r.exact >= threshold && r.coverage >= minCoverage),
    byName: r.match.mentioned || r.nameWord
  }))
}

export const rankSkills = (
  request: string,
  candidates: ReadonlyArray<MatchCandidate>,
  options: MatchOptions
): ReadonlyArray<SkillMatch> =>
  scoreSkills(request, candidates, options)
    .filter((m) => m.activated)
    .slice(0, options.limit ?? DEFAULT_MATCH_LIMIT)
    .map(({ activated: _, rank: __, byName: ___, ...m }) => m)
