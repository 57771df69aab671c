/**
 * The agent skill protocol's lint rules (SKL6xx) run over one SKILL.md text,
 * for library users. The rules themselves are registry rules
 * (`src/domain/lint/rules/protocol.ts`), the one rule shape every family
 * shares; this runs them on a snapshot holding just that file.
 */
import { configureRules, runRules } from "../lint/runner.js"
import { protocolRules } from "../lint/rules/protocol.js"
import { makeSnapshot } from "../lint/snapshot.js"
import type { Rule } from "../lint/types.js"

export { MAX_BODY_TOKENS } from "../lint/rules/protocol.js"

export interface ProtocolDiagnostic {
  readonly rule: string
  readonly name: string
  readonly severity: "error" | "warning"
  readonly file: string
  readonly line: number
  readonly message: string
}

/** Kept for library users: a protocol rule is a registry rule. */
export type ProtocolRule = Rule

export const PROTOCOL_RULES: ReadonlyArray<Rule> = protocolRules

export const lintProtocol = (source: string, file = "SKILL.md"): ReadonlyArray<ProtocolDiagnostic> => {
  const snapshot = makeSnapshot({ dirName: "", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source }] })
  return runRules(snapshot, configureRules(PROTOCOL_RULES, {}).rules).map((d) => ({
    rule: d.rule,
    name: d.name,
    severity: d.severity,
    file,
    line: d.line,
    message: d.message
  }))
}
