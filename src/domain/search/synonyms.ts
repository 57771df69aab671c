/**
 * Words a question and a skill use for the same thing (issue 47): an agent
 * asks to "make a slide deck", the skill's heading says "Creating a
 * Presentation"; it asks for "the pictures in a pdf", the section is
 * "Extract Images". The porter stemmer joins "create" and "creating", never
 * "make" and "create", so a searched word is also searched under the other
 * words of its group, as a word spelt two ways is (`spelling.ts`): the
 * group is one word, held when any of them is, with one IDF
 * (`termRows` in src/app/search/searchRows.ts).
 *
 * The groups are few and general (the verbs of tasks and the nouns of
 * documents that skills are written about), not a thesaurus: a wide group
 * makes a word match everywhere. Each group lists base forms; FTS5's porter
 * stemmer matches their inflections in the text, and `synonymsOf` finds the
 * group of an inflected query word ("creating", "images", "merged").
 */
const GROUPS: ReadonlyArray<ReadonlyArray<string>> = [
  // "generate" shares its porter stem `gener` with "general", "generous" and "generic", so "create a widget"
  // also matches "a general-purpose widget" (a search probe, sixty-fourth pass). Kept, measured: without it,
  // or searched one way only, `npm run bench -- search-quality` lost 2 of the 144 held-out first hits in one
  // skill and across skills (79.9 → 78.5 %, 76.4 → 75.0 %) and 3–5 of the 691 tuning ones.
  ["create", "make", "build", "generate"],
  ["image", "picture", "photo"],
  ["delete", "remove"],
  ["combine", "merge"],
  ["insert", "add"],
  ["edit", "modify", "change"],
  ["fix", "repair"],
  ["show", "display"],
  ["doc", "document"]
]

const GROUP_OF = new Map<string, ReadonlyArray<string>>()
for (const group of GROUPS) for (const word of group) GROUP_OF.set(word, group)

/** The base forms an inflected word may come from ("creating": create; "images": image; "added": add). */
const baseForms = (word: string): ReadonlyArray<string> => {
  const out = [word]
  if (word.endsWith("s")) out.push(word.slice(0, -1))
  if (word.endsWith("es")) out.push(word.slice(0, -2))
  if (word.endsWith("ed")) out.push(word.slice(0, -1), word.slice(0, -2), word.slice(0, -3))
  if (word.endsWith("ing")) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`, word.slice(0, -4))
  return out
}

/**
 * The other words of `word`'s group (lower case, ASCII letters), without
 * `word` itself; none when it has no group.
 */
export const synonymsOf = (word: string): ReadonlyArray<string> => {
  for (const base of baseForms(word)) {
    const group = GROUP_OF.get(base)
    if (group !== undefined) return group.filter((w) => w !== word && w !== base)
  }
  return []
}
