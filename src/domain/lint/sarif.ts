/**
 * SARIF 2.1.0 for `skc lint --format sarif` (DECISIONS #12), shaped for
 * GitHub code scanning: every registered rule with its metadata in
 * `tool.driver.rules` (so the rules show with their help), one result per
 * diagnostic with the severity actually applied, locations as URIs relative
 * to each report's `path` (`skc lint` gives it relative to the repository
 * root, which GitHub resolves relative URIs against).
 *
 * A target of several that was not linted (`skc lint good nope`: E001) is
 * no result (it has no rule and no location) but a tool execution
 * notification of level "error" carrying skc's error line, and the
 * invocation is then not successful (SARIF 2.1.0 §3.20.14, §3.20.21): the
 * skills that were linted keep their results in the same document.
 *
 * Columns are UTF-16 code units (`columnKind: "utf16CodeUnits"`), the
 * columns of the text format and of `skc lsp`.
 */
import type { LintDiagnostic, Rule } from "./types.js"

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

export interface SarifInput {
  readonly toolVersion: string
  readonly rules: ReadonlyArray<Rule>
  /** `path`: the skill directory, relative (to the repository root, for code scanning) when possible, else absolute. */
  readonly reports: ReadonlyArray<{ readonly path: string; readonly diagnostics: ReadonlyArray<LintDiagnostic> }>
  /** The agent profiles linted for (DECISIONS #51; issue 43), as `runs[0].properties.agents`. */
  readonly agents?: ReadonlyArray<string>
  /** The targets that were not linted: each as named, and skc's error line for it (`error[E001]: skill 'x' not found`). */
  readonly failures?: ReadonlyArray<{ readonly target: string; readonly message: string }>
  /**
   * What reading the configuration reported (a file or a setting ignored): tool configuration notifications
   * (SARIF 2.1.0 §3.20.22), so a config that relaxed the gate (invalid TOML: every severity back to its
   * default) is in the log code scanning reads, not on stderr alone (a team's probe).
   */
  readonly configProblems?: ReadonlyArray<{ readonly level: "error" | "warning"; readonly message: string }>
}

const level = (s: Rule["defaultSeverity"]): "error" | "warning" => (s === "error" ? "error" : "warning")

/** A file of a skill as a SARIF URI: relative reference, or `file://` for an absolute skill path. */
export const artifactUri = (skillPath: string, file: string): string => {
  const joined = skillPath === "." ? file : `${skillPath.replace(/\\/g, "/").replace(/\/$/, "")}/${file}`
  const encoded = encodeURI(joined).replace(/[?#]/g, (c) => encodeURIComponent(c))
  return joined.startsWith("/") ? `file://${encoded}` : /^[A-Za-z]:\//.test(joined) ? `file:///${encoded}` : encoded
}

export const toSarif = (input: SarifInput) => {
  const index = new Map(input.rules.map((r, i) => [r.id, i]))
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0" as const,
    runs: [
      {
        tool: {
          driver: {
            name: "skc",
            fullName: "skc lint (skillc)",
            version: input.toolVersion,
            semanticVersion: input.toolVersion,
            informationUri: "https://agentskills.io",
            rules: input.rules.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.summary },
              fullDescription: { text: r.doc },
              help: { text: `${r.doc}\n\nHow to fix: ${r.fix}`, markdown: `${r.doc}\n\n**How to fix:** ${r.fix}` },
              defaultConfiguration: { level: level(r.defaultSeverity), enabled: r.defaultSeverity !== "n/a" },
              properties: { category: r.category, tags: ["agent-skills", r.category] }
            }))
          }
        },
        // A finding's column counts UTF-16 code units (JavaScript string offsets), as the text format and
        // `skc lsp` give it: declared as such (SARIF 2.1.0 §3.14.17), so a viewer lands on the same character
        // after an emoji. It said "unicodeCodePoints", one column off per astral character before it.
        columnKind: "utf16CodeUnits" as const,
        ...(input.agents === undefined ? {} : { properties: { agents: [...input.agents] } }),
        // Findings are no failure of the tool (they exit 1 all the same); a target it could not lint is.
        invocations: [
          {
            executionSuccessful: (input.failures ?? []).length === 0,
            ...((input.failures ?? []).length === 0
              ? {}
              : {
                  toolExecutionNotifications: (input.failures ?? []).map((f) => ({
                    level: "error" as const,
                    message: { text: f.message },
                    properties: { target: f.target }
                  }))
                }),
            ...((input.configProblems ?? []).length === 0
              ? {}
              : { toolConfigurationNotifications: (input.configProblems ?? []).map((p) => ({ level: p.level, message: { text: p.message } })) })
          }
        ],
        results: input.reports.flatMap((rep) =>
          rep.diagnostics.map((d) => ({
            ruleId: d.rule,
            ...(index.has(d.rule) ? { ruleIndex: index.get(d.rule)! } : {}),
            level: d.severity,
            message: { text: `${d.rule} ${d.name}: ${d.message}` },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: artifactUri(rep.path, d.file) },
                  region: { startLine: d.line, startColumn: d.column }
                }
              }
            ]
          }))
        )
      }
    ]
  }
}
