import { doubleQuoted, scalarAt, valueAfter } from "../frontmatterEdits.js"
import type { Fix } from "../fix.js"
import { metadataFindings } from "../metadataIssues.js"
import type { Rule, SkillSnapshot } from "../types.js"

/**
 * The certain fix (issue 50): `name` replaced by its NFKC form, the one
 * every agent compares by. Kept in its own quoting style when the new text
 * needs no escape there, else double-quoted; offered only when the edited
 * frontmatter reads back as exactly that name.
 */
const nfkcFix = (s: SkillSnapshot): Fix | undefined => {
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  if (source === undefined) return undefined
  const span = scalarAt(source, ["name"])
  if (span === undefined || typeof span.value !== "string" || /[\r\n]/.test(span.written)) return undefined
  const nfkc = span.value.normalize("NFKC")
  if (nfkc === span.value) return undefined
  const candidates =
    span.style === "PLAIN" ? [nfkc, doubleQuoted(nfkc)] : span.style === "QUOTE_SINGLE" ? [`'${nfkc.replace(/'/g, "''")}'`] : [doubleQuoted(nfkc)]
  for (const text of candidates) {
    const edits = [{ start: span.start, end: span.end, text }]
    if (valueAfter(source, edits, ["name"])?.value === nfkc) return { title: `Write name as '${nfkc}' (NFKC)`, edits }
  }
  return undefined
}

export const skl113: Rule = {
  id: "SKL113",
  name: "name-nfkc",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (NFKC normalisation)",
  summary: "`name` is in Unicode NFKC form.",
  doc: "The format's reference validator NFKC-normalises `name` before checking and comparing it, while other tools compare it byte for byte; a name that changes under NFKC (ligatures such as `ﬁ`, full-width letters) is therefore read as two different names by different agents.",
  fix: "Replace the name by its NFKC form shown in the message (and rename the directory to match).",
  autofix:
    "Replaces `name` by its NFKC form (the form the message shows), keeping the value's quoting when the new text needs no escape in it. " +
    "Safe because agents that normalise already read that name; it is applied only when the edited frontmatter reads back as exactly the NFKC name. The directory is not renamed (SKL104 says when it differs).",
  check: (s) => {
    const found = metadataFindings(s, "SKL113")
    const fix = found.length === 1 ? nfkcFix(s) : undefined
    return fix === undefined ? found : [{ ...found[0]!, fix }]
  }
}
