/**
 * The Agent Skills specification itself, strict (DECISIONS #51, #52): what
 * `skills-ref validate` and the publishing tools built on it accept. A client
 * following the specification's client guide reads the shared
 * `.agents/skills` directories (DECISIONS #53).
 */
import { descriptionListing, type AgentProfile } from "./profile.js"

const SPEC = "https://agentskills.io/specification"
const GUIDE = "agentskills/agentskills docs/client-implementation/adding-skills-support.mdx"
const REF = "agentskills/agentskills skills-ref/src/skills_ref/validator.py"

export const agentskills: AgentProfile = {
  name: "agentskills",
  title: "Agent Skills specification (strict, skills-ref)",
  homepage: SPEC,
  // skills-ref reads SKILL.md with `read_text()`, which keeps a BOM, then checks `startswith("---")`.
  bom: { refuses: 'fails it: "SKILL.md must start with YAML frontmatter (---)"', source: "agentskills/agentskills skills-ref/src/skills_ref/parser.py" },
  // `<project>/.agents/skills`: the project, and "ancestor directories up to the git root" as the guide's note
  // allows, never above it (a probe found a directory above the repository, and above HOME, read as the project's).
  dirs: { project: [".agents/skills"], user: [".agents/skills"], projectRoot: [".git"], source: `${GUIDE} (Where to scan, and its note)` },
  fields: [],
  combinations: [],
  listing: descriptionListing({
    budget: { kind: "unknown", note: "the specification sets no listing budget (about 50-100 tokens a skill)" },
    source: `${GUIDE} (Step 3: disclose the catalog)`
  }),
  escalate: [
    { rule: "SKL104", why: "skills-ref: the directory name must match the skill name (after NFKC)" },
    { rule: "SKL107", why: "skills-ref: a description over 1,024 characters fails" },
    { rule: "SKL109", why: "skills-ref: fields outside the specification's six fail" },
    { rule: "SKL111", why: "skills-ref: compatibility over 500 characters fails" }
  ],
  notes: [
    "skills-ref reads frontmatter with strictyaml, which refuses flow collections (`[Read, Write]`), anchors, aliases and tags; SKL118 reports them for this profile only.",
    "skills-ref accepts an empty `compatibility` string and a lowercase `skill.md`; skc keeps its stricter reading of both.",
    'skills-ref reads SKILL.md keeping a leading UTF-8 byte order mark and fails a file that does not start with `---` ("SKILL.md must start with YAML frontmatter (---)", skills-ref/src/skills_ref/parser.py); SKL100 reports a BOM for this profile.',
    "Non-ASCII lowercase names (`技能`, `мой-навык`) pass, as in skills-ref (DECISIONS #52); SKL110 warns that some agents and file systems mishandle them."
  ]
}
