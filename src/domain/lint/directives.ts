/**
 * Inline directives in HTML comments (RFC-0008:C-EXTENSIONS, made real):
 *
 *   <!-- skilllint-disable SKL201 SKL205 -->   from this line on (no ids: every rule)
 *   <!-- skilllint-enable SKL201 -->           from this line on (no ids: every rule)
 *   <!-- skilllint-disable-line SKL206 -->     this line only
 *   <!-- skilllint-disable-next-line SKL206 --> the next line only
 *   <!-- skilllint-disable-file SKL401 -->     the whole file, frontmatter included
 *
 * Ids may be separated by spaces or commas. Comments inside code blocks are
 * text, not directives (the markdown model does not report them).
 */
import type { HtmlComment } from "../markdown/model.js"

type Kind = "disable" | "enable" | "disable-line" | "disable-next-line" | "disable-file"

interface Directive {
  readonly kind: Kind
  readonly line: number
  /** Undefined: every rule. */
  readonly rules: ReadonlySet<string> | undefined
}

const DIRECTIVE = /^skilllint-(disable-next-line|disable-line|disable-file|disable|enable)\b([\s\S]*)$/

export const parseDirectives = (comments: ReadonlyArray<HtmlComment>): ReadonlyArray<Directive> => {
  const out: Array<Directive> = []
  for (const c of comments) {
    const m = DIRECTIVE.exec(c.text.replace(/^<!--/, "").replace(/-->$/, "").trim())
    if (m === null) continue
    const ids = m[2].split(/[\s,]+/).filter((x) => x.length > 0).map((x) => x.toUpperCase())
    out.push({ kind: m[1] as Kind, line: c.line, rules: ids.length === 0 ? undefined : new Set(ids) })
  }
  return out.sort((a, b) => a.line - b.line)
}

const covers = (d: Directive, rule: string) => d.rules === undefined || d.rules.has(rule)

/** Whether `rule` is silenced at `line` by these directives. */
export const isSuppressed = (directives: ReadonlyArray<Directive>, rule: string, line: number): boolean => {
  let disabled = false
  for (const d of directives) {
    if (!covers(d, rule)) continue
    switch (d.kind) {
      case "disable-file":
        return true
      case "disable-line":
        if (d.line === line) return true
        break
      case "disable-next-line":
        if (d.line + 1 === line) return true
        break
      case "disable":
        if (d.line <= line) disabled = true
        break
      case "enable":
        if (d.line <= line) disabled = false
        break
    }
  }
  return disabled
}
