/**
 * The lint runner: applies configuration (severity overrides, `off`, rule
 * options; RFC-0008:C-EXTENSIONS, DECISIONS #35), runs every applicable rule,
 * drops what inline directives silence and orders the rest. It knows no
 * individual rule: everything comes from the registry's data.
 */
import type { AgentProfile } from "../agents/profile.js"
import { closest, didYouMean } from "../suggest.js"
import type { LintSetting } from "../config.js"
import { isSuppressed, parseDirectives } from "./directives.js"
import type { Finding, LintDiagnostic, Rule, Severity, SkillSnapshot } from "./types.js"

export interface ConfigProblem {
  readonly message: string
}

export interface EffectiveRule {
  readonly rule: Rule
  readonly severity: Severity
  readonly options: Readonly<Record<string, unknown>>
}

/** A TOML integer past 2^53 comes as a bigint: the options' checks read numbers. */
const plainNumber = (v: unknown): unknown => (typeof v === "bigint" ? Number(v) : v)

/** Rules as configured: `off` rules dropped, options validated against each rule's declared ones. */
export const configureRules = (
  rules: ReadonlyArray<Rule>,
  settings: Readonly<Record<string, LintSetting>>
): { readonly rules: ReadonlyArray<EffectiveRule>; readonly problems: ReadonlyArray<ConfigProblem> } => {
  const problems: Array<ConfigProblem> = []
  const known = new Set(rules.map((r) => r.id))
  for (const id of Object.keys(settings)) {
    if (!known.has(id)) {
      // One character off (`SKL2O1`, a letter O for a zero): a made-up id such as SKL999 gets no guess.
      const up = id.toUpperCase()
      const near = [...known].find((k) => k.length === up.length && [...k].filter((c, i) => c !== up[i]).length === 1)
      const hint = near === undefined ? undefined : didYouMean([near])
      const from = settings[id]?.from
      problems.push({ message: `unknown lint rule '${id}' in [lint] ${from === undefined ? "configuration" : `of ${from}`}; ignored${hint === undefined ? "" : `; ${hint}`}` })
    }
  }
  const out: Array<EffectiveRule> = []
  for (const rule of rules) {
    if (rule.defaultSeverity === "n/a") continue
    const setting = settings[rule.id]
    if (setting?.severity === "off") continue
    const options: Record<string, unknown> = {}
    for (const [k, o] of Object.entries(rule.options ?? {})) options[k] = o.default
    for (const [k, raw] of Object.entries(setting?.options ?? {})) {
      const value = plainNumber(raw)
      const declared = rule.options?.[k]
      // Which file set it: with a global and a project file, the one to fix (a new user's probe).
      const at = setting?.optionsFrom?.[k] === undefined ? "" : ` in ${setting.optionsFrom[k]}`
      if (declared === undefined) {
        const hint = didYouMean(closest(k, Object.keys(rule.options ?? {}), 1))
        problems.push({ message: `unknown option '${k}' for lint rule ${rule.id}${at}; ignored${hint === undefined ? "" : `; ${hint}`}` })
        continue
      }
      const invalid = declared.validate(value)
      if (invalid === undefined) {
        options[k] = value
        continue
      }
      // The global file's value when the project's is invalid: an invalid value overrides nothing.
      const fallback = plainNumber(setting?.fallback?.[k])
      if (fallback !== undefined && declared.validate(fallback) === undefined) {
        options[k] = fallback
        problems.push({ message: `lint.${rule.id}.${k}${at} ${invalid}; using ${JSON.stringify(fallback)} (the global configuration's)` })
      } else problems.push({ message: `lint.${rule.id}.${k}${at} ${invalid}; using ${JSON.stringify(declared.default)}` })
    }
    out.push({ rule, severity: setting?.severity ?? rule.defaultSeverity, options })
  }
  return { rules: out, problems }
}

/** SKILL.md first, then bytewise path order; then line, column, rule id. */
export const compareDiagnostics = (a: LintDiagnostic, b: LintDiagnostic): number => {
  if (a.file !== b.file) {
    if (a.file === "SKILL.md") return -1
    if (b.file === "SKILL.md") return 1
    return a.file < b.file ? -1 : 1
  }
  return a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0)
}

/** A text without its parenthesized source references (those holding code, balanced: "(loader.rs `f(a, b)`)"). */
export const withoutCodeReferences = (text: string): string => {
  let out = ""
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") {
      let depth = 0
      let j = i
      for (; j < text.length; j++) {
        if (text[j] === "(") depth++
        else if (text[j] === ")" && --depth === 0) break
      }
      if (j < text.length && text.slice(i, j).includes("`")) {
        out = out.replace(/ $/, "")
        i = j
        continue
      }
    }
    out += text[i]
  }
  return out
}

export const runRules = (snapshot: SkillSnapshot, rules: ReadonlyArray<EffectiveRule>): ReadonlyArray<LintDiagnostic> => {
  const directives = new Map<string, ReturnType<typeof parseDirectives>>()
  const directivesOf = (file: string) => {
    let d = directives.get(file)
    if (d === undefined) {
      d = parseDirectives(snapshot.markdown(file)?.htmlComments ?? [])
      directives.set(file, d)
    }
    return d
  }
  // DECISIONS #51: an active profile's `escalate` list makes those rules errors (a rule set "off" is already gone).
  const escalated = new Set((snapshot.profiles ?? []).flatMap((p) => p.escalate.map((e) => e.rule)))
  /**
   * Why a rule is an error here when only a profile makes it one, said after its message (`codex: older Codex
   * versions refuse to load …`), without the source references in parentheses: "description is 1068
   * characters; maximum is 1024" read as an error of the skill's own, beside SKL702's "Codex cuts it" (a probe).
   */
  const escalation = (rule: string): string => escalationOf(snapshot.profiles ?? [], rule)
  // A rule about what none of the active agents reads (a profile's `skips`) is not run: Codex and `allowed-tools`.
  const active = snapshot.profiles ?? []
  const skipped = (rule: string) => active.length > 0 && active.every((p) => p.skips?.some((k) => k.rule === rule) === true)
  const out: Array<LintDiagnostic> = []
  for (const { rule, severity: configured, options } of rules) {
    const severity: Severity = escalated.has(rule.id) ? "error" : configured
    if (rule.appliesTo !== undefined && !rule.appliesTo(snapshot)) continue
    if (skipped(rule.id)) continue
    const findings: ReadonlyArray<Finding> = rule.check(snapshot, options)
    for (const f of findings) {
      if (isSuppressed(directivesOf(f.file), rule.id, f.line)) continue
      out.push({
        rule: rule.id,
        name: rule.name,
        severity: f.atMost === "warning" ? "warning" : severity,
        file: f.file,
        line: f.line,
        column: f.column ?? 1,
        ...(f.endLine === undefined || f.endColumn === undefined ? {} : { endLine: f.endLine, endColumn: f.endColumn }),
        message: severity === "error" && configured !== "error" && f.atMost !== "warning" && f.saysWhy !== true ? `${f.message} (an error for ${escalation(rule.id)})` : f.message,
        ...(f.fix === undefined ? {} : { fix: f.fix }),
        ...(f.suggestions === undefined || f.suggestions.length === 0 ? {} : { suggestions: f.suggestions })
      })
    }
  }
  return out.sort(compareDiagnostics)
}

/**
 * Why `rule` is an error for these agents when only their profiles make it one (`codex: older Codex versions
 * refuse …`), the source references left out; empty when none does. Lint appends it to the finding, and
 * `skc discover` to the same finding among a skill's warnings.
 */
export const escalationOf = (profiles: ReadonlyArray<AgentProfile>, rule: string): string =>
  profiles
    .flatMap((p) => p.escalate.filter((e) => e.rule === rule).map((e) => `${p.name}: ${withoutCodeReferences(e.why)}`))
    .join("; ")
