import { SKILL_DIR_PREFIX } from "../../agents/claudeBody.js"
import { findMentions, type Mention } from "../../references/mentions.js"
import { normalize } from "../../references/reach.js"
import { fileLinks } from "../links.js"
import type { Link } from "../../markdown/model.js"
import type { Finding, Rule } from "../types.js"

/** `${CLAUDE_SKILL_DIR}/`, as the finding's range and message spell it. */
const VARIABLE = SKILL_DIR_PREFIX

/** A template or glob (`<name>.md`, `*.py`) is a pattern, not one file: SKL401's resolution reads it. */
const PATTERN = /[{}<>*]/

/** Whether a mention starts inside a link's source (`[text](target)`, from its `[` up to its end). */
const within = (link: Link, m: Mention): boolean =>
  (m.line > link.line || (m.line === link.line && m.column >= link.column)) && (m.line < link.endLine || (m.line === link.endLine && m.column < link.endColumn))

export const skl304: Rule = {
  id: "SKL304",
  name: "skill-dir-file-exists",
  defaultSeverity: "warning",
  category: "links",
  source: "https://code.claude.com/docs/en/skills (Available string substitutions); CHANGELOG 2.1.69",
  summary: "A path after `${CLAUDE_SKILL_DIR}/` names a file or directory of the skill.",
  doc:
    "Claude Code replaces `${CLAUDE_SKILL_DIR}` with the skill's own directory, so `${CLAUDE_SKILL_DIR}/scripts/fill.py` is meant as a file the skill ships: one that is not there fails when the agent runs it. " +
    "Paths written plainly are not checked (a command's output file, an example), nor templates and globs; a file the skill writes at run time under its own directory is reported too, which is why this is a warning. " +
    "A markdown link written so is SKL301's and SKL303's (errors, as for any link), not reported twice.",
  fix: "Correct the path (it is from the skill's root) or add the file.",
  check: (s) => {
    const out: Array<Finding> = []
    const links = fileLinks(s)
    for (const file of s.markdownFiles) {
      if (!file.source.includes(VARIABLE)) continue
      // A mention inside a link is the link's: SKL301 (missing) and SKL303 (escaping) check it from the root.
      const inLink = (m: Mention) => links.some(({ file: f, link }) => f === file.path && within(link, m))
      for (const m of findMentions(file.source)) {
        if (m.rooted !== true || PATTERN.test(m.text) || inLink(m)) continue
        const path = normalize(m.text)
        if (path !== undefined && path !== "" && s.lookup(path) !== undefined) continue
        const column = m.column - VARIABLE.length
        out.push({
          file: file.path,
          line: m.line,
          column,
          endLine: m.line,
          endColumn: m.column + m.text.length,
          message:
            path === undefined
              ? `'${VARIABLE}${m.text}' climbs out of the skill's directory`
              : `'${VARIABLE}${m.text}' names no file or directory of the skill`
        })
      }
    }
    return out
  }
}
