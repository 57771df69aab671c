import { combinationFindings } from "./combinations.js"
import type { Rule } from "../types.js"

export const skl117: Rule = {
  id: "SKL117",
  name: "arguments-undeclared",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "DECISIONS #51 (issue 43); Claude Code's string substitutions, in docs/agents.md",
  summary: "A body that uses argument placeholders declares its arguments, in Claude Code's current syntax.",
  doc: "Claude Code replaces `$ARGUMENTS`, `$ARGUMENTS[N]` and `$N` anywhere in SKILL.md's body (code blocks included) with the invocation's arguments. A skill that uses them without `argument-hint` or `arguments` gives the person invoking it no hint that it takes any, and a dollar sign meant literally (`$1` in a shell snippet) is silently replaced. The indexed form `$ARGUMENTS.0`, which Claude Code read until 2.1.19, is now every argument followed by a literal `.0` (its CHANGELOG 2.1.19), declared or not.",
  fix: "Declare the arguments (`argument-hint: [issue-number]` or `arguments: [issue]`), or write `\\$` for a literal dollar sign; write `$ARGUMENTS[0]` for `$ARGUMENTS.0`.",
  check: (s) => combinationFindings(s, "SKL117")
}
