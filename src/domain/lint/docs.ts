/**
 * `docs/rules.md`, generated from the registry (`npm run docs:rules`) so the
 * documentation cannot drift from the rules; a test fails when the committed
 * file differs from this rendering.
 */
import type { Rule } from "./types.js"

const CATEGORY_TITLES: Record<Rule["category"], string> = {
  meta: "Meta rules (SKL0xx)",
  frontmatter: "Frontmatter rules (SKL1xx)",
  structure: "Structure rules (SKL2xx)",
  links: "Link rules (SKL3xx)",
  files: "File rules (SKL4xx)",
  tools: "Tool-skill rules (SKL5xx)",
  protocol: "Agent protocol rules (SKL6xx)",
  eval: "Evaluation rules (SKL7xx)"
}

export const anchor = (r: Pick<Rule, "id" | "name">) => `${r.id.toLowerCase()}-${r.name}`

export const renderRulesDoc = (rules: ReadonlyArray<Rule>): string => {
  const out: Array<string> = [
    "# skc lint rules",
    "",
    "<!-- Generated from src/domain/lint/registry.ts by `npm run docs:rules`; do not edit by hand. -->",
    "",
    "`skc lint` checks a skill against these rules (RFC-0008:C-REGISTRY, plus the",
    "Agent Skills format checks RFC-0008 lacks). An `error` makes `skc lint` exit 1",
    "(`error[E300]`); a `warning` (`warning[W300]`) does not.",
    "",
    "## Configuring rules",
    "",
    "Rule ids sit directly under `[lint]` in `~/.skillc/config.toml` or the",
    "project's `.skillc/config.toml` (project wins per rule):",
    "",
    "```toml",
    "[lint]",
    'SKL107 = "off"                 # disable a rule',
    'SKL108 = "error"               # change its severity ("error", "warning", "off")',
    "SKL201 = { max-lines = 300 }   # set an option",
    'SKL109 = { severity = "error", extra-fields = ["version"] }',
    "```",
    "",
    "Inline directives in any scanned markdown file (HTML comments; ids separated by",
    "spaces or commas, none meaning every rule):",
    "",
    "```markdown",
    "<!-- skilllint-disable SKL201 -->        from here on",
    "<!-- skilllint-enable SKL201 -->         from here on",
    "<!-- skilllint-disable-line SKL301 -->   this line",
    "<!-- skilllint-disable-next-line SKL206 --> the next line",
    "<!-- skilllint-disable-file SKL109 -->   the whole file, frontmatter included",
    "```",
    "",
    "## Fixing",
    "",
    "`skc lint --fix` applies the fixes that are certain — the rules marked `--fix`",
    "below, each saying which edit it makes and when — writes the files, and then",
    "reports what remains (exit 1 iff an error remains, as without `--fix`).",
    "`skc lint --fix-dry-run` prints the same edits as a unified diff and writes",
    "nothing; it reports and exits as the fixed skill would (as ESLint's",
    "`--fix-dry-run` does), so a CI gate runs plain `skc lint`. A skill found by",
    "name in an agent directory that skc did not build (DECISIONS #38) is never",
    "written: `--fix` refuses it and names the `skc build <path> --force` that",
    "adopts it; `--fix-dry-run` shows its fixes. A fix edits only the characters it names: the rest of the file, its",
    "line endings, byte order mark, frontmatter quoting and key order stay as they",
    "were. Fixes run until none is left, so a second run changes nothing. In an",
    "editor (`skc lsp`, docs/editors.md) each fix is a quick fix, next to the",
    "guided edits a rule offers there.",
    "",
    "## Summary",
    "",
    "| Rule | Name | Default | Category | Fix | Checks |",
    "|---|---|---|---|---|---|",
    ...rules.map(
      (r) =>
        `| [${r.id}](#${anchor(r)}) | ${r.name} | ${r.defaultSeverity} | ${r.category} | ${r.autofix !== undefined ? "`--fix`" : r.guided !== undefined ? "editor" : ""} | ${r.summary.replace(/\|/g, "\\|")} |`
    )
  ]
  for (const category of Object.keys(CATEGORY_TITLES) as Array<Rule["category"]>) {
    const inCategory = rules.filter((r) => r.category === category)
    if (inCategory.length === 0) continue
    out.push("", `## ${CATEGORY_TITLES[category]}`)
    for (const r of inCategory) {
      out.push("", `### ${r.id} ${r.name}`, "", `Default: **${r.defaultSeverity}** · Source: ${r.source}`, "", r.doc, "", `**How to fix:** ${r.fix}`)
      if (r.autofix !== undefined) out.push("", `**\`skc lint --fix\`:** ${r.autofix}`)
      if (r.guided !== undefined) out.push("", `**In the editor:** ${r.guided}`)
      const options = Object.entries(r.options ?? {})
      if (options.length > 0) {
        out.push("", "| Option | Default | Meaning |", "|---|---|---|")
        for (const [k, o] of options) out.push(`| \`${k}\` | \`${JSON.stringify(o.default)}\` | ${o.description} |`)
      }
    }
  }
  return out.join("\n") + "\n"
}
