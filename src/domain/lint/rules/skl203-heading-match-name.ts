import { frontmatterData, type Rule } from "../types.js"

/**
 * Letters and digits only: `Co-Authoring` and `coauthoring` are the same word to a reader. A `+` reads as
 * "p" first, as names spell it (`C++` is `cpp`, `AFL++` is `aflpp`: two published skills were told their
 * title lacked their name). NFKC first, as SKL104, SKL110 and SKL113 compare: a name typed decomposed and a
 * heading typed composed are the same letters (the warning quoted two identical strings).
 */
const normalise = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\+/g, "p").replace(/[^\p{L}\p{N}]+/gu, "")

export const skl203: Rule = {
  id: "SKL203",
  name: "heading-match-name",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY",
  summary: "The first H1 of SKILL.md contains the skill name.",
  doc: "The title should make the skill recognisable by its name. Comparison is case-insensitive over letters and digits only (hyphens, underscores, spaces and punctuation are ignored), and the heading may say more: `# My Skill Guide` matches `my-skill`, `# Doc Co-Authoring` matches `doc-coauthoring`, and a `+` reads as `p` (`# Modern C++` matches `modern-cpp`). The name is the frontmatter `name`, or the directory name when there is none.",
  fix: "Put the skill name in the first H1, e.g. `# My Skill`.",
  check: (s) => {
    const facts = s.markdown("SKILL.md")
    const h1 = facts?.headings.find((h) => h.level === 1)
    if (h1 === undefined) return []
    const data = frontmatterData(s.frontmatter)
    const name = typeof data?.name === "string" && data.name.trim() !== "" ? data.name : s.dirName
    if (normalise(h1.text).includes(normalise(name))) return []
    return [{ file: "SKILL.md", line: h1.line, message: `first H1 '${h1.text}' does not contain the skill name '${name}'` }]
  }
}
