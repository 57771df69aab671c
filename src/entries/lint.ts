/**
 * `skillc/lint`: the lint rules and their reports (RFC-0005, docs/rules.md).
 * `lint` itself is in `skillc`; here are its input and report shapes, the
 * rule registry, running rules on a snapshot of a skill, SARIF and the rules
 * document.
 *
 * Its example is in docs/library.md (`skillc/lint`), run by
 * test/e2e/library.test.ts.
 */
export { LintInput, lintSkills, outcomeJson, reportJson, hasErrors, type LintReport, type LintOutcome, LintJson, type LintFailureJson } from "../app/lint/lint.js"
export { RULES, ruleById } from "../domain/lint/registry.js"
export { runRules, configureRules } from "../domain/lint/runner.js"
export { makeSnapshot } from "../domain/lint/snapshot.js"
export { frontmatterDialects, type FrontmatterDialect } from "../domain/lint/dialects.js"
export { toSarif } from "../domain/lint/sarif.js"
export { renderRulesDoc } from "../domain/lint/docs.js"
export type { Rule, Finding, LintDiagnostic, SkillSnapshot, Severity as LintSeverity } from "../domain/lint/types.js"
