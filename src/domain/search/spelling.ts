/**
 * British and American spellings of one word (issue 25). Skills are written
 * in either, questions too: a question about "colors" must find the section
 * "Colour Palette", and one about "initialising" the step "Initialize".
 * The porter stemmer does not join them ("colour" and "color" stay two
 * stems), so the query asks for each spelling of a word that has two
 * (`query.ts`, `termOf`). Pure.
 *
 * Only spellings that differ by a known pattern on a known word are joined.
 * A rule is never applied blindly where it would reach another word: "four"
 * is not "for", "filled" is not "filed". The -ise/-ize rule is the one
 * applied to any word, since a wrong guess there ("precize") is a word no
 * text holds, and so finds nothing.
 */

/** American stems ending in -or whose British spelling ends in -our. */
const OR_OUR = [
  "arbor", "ardor", "armor", "behavior", "candor", "clamor", "color", "endeavor", "favor", "fervor", "flavor", "harbor",
  "honor", "humor", "labor", "neighbor", "odor", "parlor", "rancor", "rigor", "rumor", "savior", "splendor", "tumor",
  "valor", "vapor", "vigor"
]

/** Endings a -or/-our stem takes ("colorful", "colours", "behavioural"); the bare stem matches without one. */
const STEM_ENDINGS = [
  "s", "ed", "ing", "ings", "ful", "fully", "less", "al", "ally", "able", "ably", "ite", "ites", "ist", "ists", "ism",
  "ize", "ise", "izes", "ises", "ized", "ised", "izing", "ising", "ization", "isation", "er", "ers", "y"
]

/** Whole words with a second spelling (both directions are derived). */
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ["center", "centre"], ["centers", "centres"], ["centered", "centred"], ["centering", "centring"],
  ["fiber", "fibre"], ["fibers", "fibres"], ["liter", "litre"], ["liters", "litres"], ["meter", "metre"],
  ["meters", "metres"], ["theater", "theatre"], ["caliber", "calibre"], ["somber", "sombre"], ["luster", "lustre"],
  ["license", "licence"], ["licenses", "licences"], ["defense", "defence"], ["offense", "offence"],
  ["pretense", "pretence"], ["catalog", "catalogue"], ["catalogs", "catalogues"], ["dialog", "dialogue"],
  ["dialogs", "dialogues"], ["analog", "analogue"], ["gray", "grey"], ["grayscale", "greyscale"],
  ["program", "programme"], ["programs", "programmes"], ["aluminum", "aluminium"], ["artifact", "artefact"],
  ["artifacts", "artefacts"], ["judgment", "judgement"], ["judgments", "judgements"],
  ["acknowledgment", "acknowledgement"], ["aging", "ageing"], ["mold", "mould"], ["enroll", "enrol"],
  ["fulfill", "fulfil"], ["skillful", "skilful"], ["practice", "practise"], ["practiced", "practised"],
  ["modeling", "modelling"], ["modeled", "modelled"], ["labeling", "labelling"], ["labeled", "labelled"],
  ["canceling", "cancelling"], ["canceled", "cancelled"], ["traveling", "travelling"], ["traveled", "travelled"],
  ["leveling", "levelling"], ["leveled", "levelled"], ["signaling", "signalling"], ["signaled", "signalled"],
  ["channeling", "channelling"], ["channeled", "channelled"], ["fueling", "fuelling"], ["fueled", "fuelled"],
  ["totaling", "totalling"], ["totaled", "totalled"], ["tunneling", "tunnelling"], ["marshaling", "marshalling"],
  ["marshaled", "marshalled"], ["dialing", "dialling"], ["dialed", "dialled"], ["labeler", "labeller"],
  ["modeler", "modeller"], ["traveler", "traveller"], ["travelers", "travellers"]
]

const PAIRED = new Map<string, string>()
for (const [us, uk] of PAIRS) {
  PAIRED.set(us, uk)
  PAIRED.set(uk, us)
}

/** -ize/-ise and -yze/-yse endings ("organizes", "analysed", "visualisation"). */
const IZE = /^([a-z]{3,})i([zs])(e|es|ed|ing|er|ers|ation|ations|able)$/
const YZE = /^([a-z]{2,})y([zs])(e|es|ed|ing|er|ers)$/

/** Every -or/-our stem, both spellings. */
const OR_OUR_STEMS = new Set(OR_OUR.flatMap((us) => [us, `${us.slice(0, -2)}our`]))

/**
 * A -or/-our stem and its ending ("colourful": colour + ful), undefined when
 * the word is none. Set lookups, not one alternation of every stem and
 * ending: V8 compiles such an expression at its first test, about a
 * millisecond of every search's run (measured by CPU profile, issue 47).
 */
const orOurWord = (word: string): readonly [string, string] | undefined => {
  // Every stem ends in "or" or "our": a word holding neither has none.
  if (!word.includes("or") && !word.includes("our")) return undefined
  if (OR_OUR_STEMS.has(word)) return [word, ""]
  for (const ending of STEM_ENDINGS) {
    if (word.length > ending.length && word.endsWith(ending)) {
      const stem = word.slice(0, -ending.length)
      if (OR_OUR_STEMS.has(stem)) return [stem, ending]
    }
  }
  return undefined
}

/** The other spelling of a -or/-our stem. */
const otherStem = (stem: string): string => (stem.endsWith("our") ? `${stem.slice(0, -3)}or` : `${stem.slice(0, -2)}our`)

const swapIze = (form: string, out: Set<string>): void => {
  const ize = IZE.exec(form)
  if (ize !== null) out.add(`${ize[1]}i${ize[2] === "z" ? "s" : "z"}${ize[3]}`)
  const yze = YZE.exec(form)
  if (yze !== null) out.add(`${yze[1]}y${yze[2] === "z" ? "s" : "z"}${yze[3]}`)
}

/**
 * The other spellings of `word` (lower case, letters only), without `word`
 * itself; empty when it has none. A few regular-expression tests per word:
 * skill matching runs it on every word of every description.
 */
export const spellingVariants = (word: string): ReadonlyArray<string> => {
  const out = new Set<string>()
  const paired = PAIRED.get(word)
  if (paired !== undefined) out.add(paired)
  const orOur = orOurWord(word)
  if (orOur !== undefined) out.add(otherStem(orOur[0]) + orOur[1])
  for (const form of [word, ...out]) swapIze(form, out)
  out.delete(word)
  return [...out]
}
