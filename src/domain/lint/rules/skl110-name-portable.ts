import { nameFormatProblem } from "../../protocol/metadata.js"
import { frontmatterData, keyAt, type Rule } from "../types.js"

/** Any character outside ASCII. */
const NON_ASCII = /[^\u0000-\u007f]/

/**
 * Names Windows reserves for devices, with or without an extension (`con`, `nul`, `com1`…): a directory so
 * named cannot be checked out or created there, so a Windows teammate's clone of the project lacks the skill
 * and its deployment links (a deployment probe: `skc init con` built and deployed without a word).
 */
const WINDOWS_RESERVED = /^(?:con|prn|aux|nul|com[1-9¹²³]|lpt[1-9¹²³])$/i

export const skl110: Rule = {
  id: "SKL110",
  name: "name-portable",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "DECISIONS #52 (issue 43); agentskills specification (unicode lowercase alphanumerics), skills-ref",
  summary: "`name` is plain ASCII, which every agent and file system handles, and no device name Windows reserves.",
  doc: "The specification allows Unicode lowercase letters and digits in a name, and skills-ref accepts `技能` or `мой-навык` (SKL102 does too). Some agents, installers and file systems still mishandle them: a name that changes form between macOS (NFD) and Linux (NFC), a directory a zip tool mangles, a slash command that cannot be typed. A name that SKL102 accepts but that has non-ASCII characters is therefore a warning, and so is a device name Windows reserves (`con`, `prn`, `aux`, `nul`, `com1`–`com9`, `lpt1`–`lpt9`): its directory cannot be checked out on Windows.",
  fix: "Use an ASCII name (`my-skill`) that no system reserves if the skill is shared widely, and rename the directory to match; or keep the name and turn the rule off.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || typeof data.name !== "string" || data.name.length === 0) return []
    const name = data.name
    if (WINDOWS_RESERVED.test(name) && nameFormatProblem(name) === undefined) {
      return [
        {
          file: "SKILL.md",
          ...keyAt(s.frontmatter, "name"),
          message: `name '${name}' is a device name Windows reserves: a directory named so cannot be checked out or created there`
        }
      ]
    }
    // Non-ASCII after NFKC: a ligature or full-width form is SKL113's.
    if (!NON_ASCII.test(name.normalize("NFKC")) || nameFormatProblem(name) !== undefined) return []
    return [
      {
        file: "SKILL.md",
        ...keyAt(s.frontmatter, "name"),
        message: `name '${name}' has non-ASCII characters; some agents and file systems mishandle them`
      }
    ]
  }
}
