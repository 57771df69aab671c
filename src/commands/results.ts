/**
 * Result Schemas of the commands whose use case describes its JSON document
 * with a TypeScript interface only: they become the tools' `outputSchema`
 * (open: later fields do not break clients). Shapes per DECISIONS #10
 * (outline), #11 (sources), #36 (open) and the build result.
 */
import { Schema } from "effect"

export const OutlineOutput = Schema.Struct({
  skill: Schema.String,
  headings: Schema.Array(Schema.Struct({ file: Schema.String, level: Schema.Int, text: Schema.String, line: Schema.Int })),
  // Issue 26 item 3: what the result budget left out.
  truncated: Schema.optional(
    Schema.Struct({
      omitted: Schema.Int,
      level: Schema.Int,
      under: Schema.Array(Schema.Struct({ file: Schema.String, section: Schema.optional(Schema.String), line: Schema.optional(Schema.Int), count: Schema.Int })),
      hint: Schema.String
    })
  )
})

export const OpenOutput = Schema.Struct({
  skill: Schema.String,
  path: Schema.String,
  content: Schema.String,
  truncated: Schema.Boolean,
  encoding: Schema.optional(Schema.Literal("base64"))
})

/** `skc sources --format json` is an array (DECISIONS #11); MCP structured content must be an object, so it is wrapped. */
export const SourcesOutput = Schema.Struct({
  skill: Schema.String,
  entries: Schema.Array(Schema.Struct({ path: Schema.String, type: Schema.Literals(["file", "dir"]) }))
})

export const BuildOutput = Schema.Struct({
  skill: Schema.String,
  scope: Schema.Literals(["project", "global"]),
  source: Schema.String,
  source_scope: Schema.Literals(["project", "global"]),
  runtime: Schema.String,
  imported: Schema.NullOr(
    Schema.Struct({ from: Schema.String, to: Schema.String, scope: Schema.Literals(["project", "global"]), replaced: Schema.Boolean })
  ),
  source_hash: Schema.String,
  file_count: Schema.Int,
  markdown_count: Schema.Int,
  total_bytes: Schema.Number,
  deployments: Schema.Array(
    Schema.Struct({ target: Schema.String, path: Schema.String, method: Schema.String, replaced: Schema.String })
  )
})

/** DECISIONS #36. */
export const ShowOutput = Schema.Struct({
  skill: Schema.String,
  file: Schema.String,
  section: Schema.String,
  start_line: Schema.Int,
  end_line: Schema.Int,
  content: Schema.String,
  truncated: Schema.Boolean
})

/** RFC-0004:C-SEARCH. */
export const SearchOutput = Schema.Struct({
  query: Schema.String,
  /** DECISIONS #37: only when no section holds every word. */
  partial: Schema.optional(Schema.Literal(true)),
  results: Schema.Array(
    Schema.Struct({
      /** Only when several skills were searched (skill omitted). */
      skill: Schema.optional(Schema.String),
      file: Schema.String,
      section: Schema.String,
      line: Schema.Int,
      end_line: Schema.Int,
      snippet: Schema.String,
      score: Schema.Number
    })
  ),
  skipped: Schema.optional(Schema.Array(Schema.Struct({ skill: Schema.String, reason: Schema.String })))
})

/** DECISIONS #12 (`skipped` only when SKL001 skipped a compiled skill). */
export const LintOutput = Schema.Struct({
  skill: Schema.String,
  diagnostics: Schema.Array(
    Schema.Struct({
      rule: Schema.String,
      name: Schema.String,
      severity: Schema.Literals(["error", "warning"]),
      file: Schema.String,
      line: Schema.Int,
      message: Schema.String
    })
  ),
  skipped: Schema.optional(Schema.Literal(true))
})

const DiscoveryScope = Schema.Literals(["project", "user", "plugin"])

/** Where a discovered SKILL.md sits (agent-skill-protocol "Discovery Mechanism"). */
const SkillLocationFields = {
  scope: DiscoveryScope,
  dir: Schema.String,
  path: Schema.String,
  link_target: Schema.NullOr(Schema.String),
  deployed_by_skc: Schema.Boolean
}

/** `skc discover --format json`. */
export const DiscoverOutput = Schema.Struct({
  agent: Schema.String,
  searched: Schema.Array(Schema.Struct({ scope: DiscoveryScope, path: Schema.String, exists: Schema.Boolean })),
  skills: Schema.Array(
    Schema.Struct({
      ...SkillLocationFields,
      name: Schema.String,
      description: Schema.String,
      allowed_tools: Schema.NullOr(Schema.Array(Schema.String)),
      warnings: Schema.Array(Schema.Struct({ rule: Schema.String, name: Schema.String, message: Schema.String }))
    })
  ),
  shadowed: Schema.Array(
    Schema.Struct({ ...SkillLocationFields, name: Schema.String, winner: Schema.Struct({ scope: DiscoveryScope, path: Schema.String }) })
  ),
  invalid: Schema.Array(Schema.Struct({ ...SkillLocationFields, name: Schema.NullOr(Schema.String), problems: Schema.Array(Schema.String) }))
})

/** `skc match --format json`. */
export const MatchOutput = Schema.Struct({
  query: Schema.String,
  agent: Schema.String,
  threshold: Schema.Number,
  results: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      scope: DiscoveryScope,
      path: Schema.String,
      score: Schema.Number,
      relevance: Schema.Number,
      mentioned: Schema.Boolean,
      recency_boost: Schema.Number,
      last_used: Schema.NullOr(Schema.String),
      matched_terms: Schema.Array(
        Schema.Struct({ word: Schema.String, stem: Schema.String, fields: Schema.Array(Schema.Literals(["name", "description"])) })
      ),
      reason: Schema.String
    })
  )
})

const UnloadedReference = Schema.Struct({
  target: Schema.String,
  kind: Schema.Literals(["link", "inline-code", "code-block"]),
  referenced_from: Schema.String,
  line: Schema.Int,
  reason: Schema.String
})

/** `skc load --format json`. */
export const LoadOutput = Schema.Struct({
  skill: Schema.String,
  path: Schema.String,
  budget: Schema.Int,
  depth: Schema.Int,
  parts: Schema.Array(
    Schema.Struct({
      path: Schema.String,
      kind: Schema.Literals(["body", "reference"]),
      depth: Schema.Int,
      referenced_from: Schema.NullOr(Schema.String),
      tokens: Schema.Int,
      content: Schema.String
    })
  ),
  left_out: Schema.Array(
    Schema.Struct({ path: Schema.String, depth: Schema.Int, referenced_from: Schema.NullOr(Schema.String), tokens: Schema.Int })
  ),
  missing: Schema.Array(UnloadedReference),
  refused: Schema.Array(UnloadedReference),
  total_tokens: Schema.Int,
  full_tokens: Schema.Int,
  over_budget: Schema.Boolean
})

/** RFC-0003:C-SCHEMA: common fields plus `query` and its `data`, one variant per group-by (DECISIONS #4). */
const statsVariant = <Q extends string, D extends Schema.Top, X extends Schema.Struct.Fields = {}>(query: Q, data: D, extra?: X) =>
  Schema.Struct({
    skill: Schema.String,
    skill_path: Schema.String,
    filters: Schema.Struct({
      since: Schema.NullOr(Schema.String),
      until: Schema.NullOr(Schema.String),
      projects: Schema.Array(Schema.String),
      include_author: Schema.Boolean
    }),
    period: Schema.Struct({ start: Schema.NullOr(Schema.String), end: Schema.NullOr(Schema.String) }),
    query: Schema.Literal(query),
    limit: Schema.optional(Schema.Int),
    more: Schema.optional(Schema.Int),
    data,
    ...(extra as X)
  })

/** `summary`: the skill's latest `skc eval` (issue 27), an additive field (DECISIONS #40), absent when never evaluated. */
const LatestEvalOutput = Schema.Struct({
  timestamp: Schema.String,
  judge: Schema.String,
  agent: Schema.String,
  queries: Schema.Int,
  passed: Schema.Int,
  pass_rate: Schema.Number,
  precision: Schema.NullOr(Schema.Number),
  recall: Schema.NullOr(Schema.Number),
  min_pass: Schema.Number,
  meets_min_pass: Schema.Boolean
})

export const StatsOutput = Schema.Union([
  statsVariant(
    "summary",
    Schema.Struct({
      total_accesses: Schema.Int,
      unique_sections: Schema.Int,
      unique_files: Schema.Int,
      error_count: Schema.Int,
      agent_accesses: Schema.Int,
      author_accesses: Schema.Int,
      unanswered: Schema.Int
    }),
    { latest_eval: Schema.optional(LatestEvalOutput) }
  ),
  statsVariant("sections", Schema.Array(Schema.Struct({ section: Schema.String, file: Schema.NullOr(Schema.String), count: Schema.Int }))),
  statsVariant("files", Schema.Array(Schema.Struct({ file: Schema.String, count: Schema.Int }))),
  statsVariant("commands", Schema.Record(Schema.String, Schema.Int)),
  statsVariant("projects", Schema.Array(Schema.Struct({ project: Schema.String, count: Schema.Int }))),
  statsVariant(
    "errors",
    Schema.Array(Schema.Struct({ target: Schema.String, command: Schema.String, error: Schema.String, count: Schema.Int }))
  ),
  statsVariant(
    "search",
    Schema.Array(Schema.Struct({ query: Schema.String, count: Schema.Int, result_count: Schema.NullOr(Schema.Int), partial: Schema.Boolean }))
  ),
  statsVariant("unanswered", Schema.Array(Schema.Struct({ query: Schema.String, count: Schema.Int, last: Schema.String })))
])

const EvalMetricsFields = {
  queries: Schema.Int,
  passed: Schema.Int,
  pass_rate: Schema.Number,
  precision: Schema.NullOr(Schema.Number),
  recall: Schema.NullOr(Schema.Number)
}

/** `skc eval --format json` (issue 27, docs/eval.md); the counts behind precision and recall are extra fields. */
export const EvalOutput = Schema.Struct({
  agent: Schema.String,
  judge: Schema.String,
  min_pass: Schema.Number,
  threshold: Schema.NullOr(Schema.Number),
  passed: Schema.Boolean,
  skills: Schema.Array(
    Schema.Struct({
      skill: Schema.String,
      path: Schema.String,
      meets_min_pass: Schema.Boolean,
      ...EvalMetricsFields,
      misses: Schema.Array(Schema.Struct({ query: Schema.String, should_trigger: Schema.Boolean, winner: Schema.NullOr(Schema.String) }))
    })
  ),
  confusions: Schema.Array(Schema.Struct({ skill: Schema.String, winner: Schema.NullOr(Schema.String), count: Schema.Int }))
})

/** `skc budget --format json` (issue 27, docs/eval.md "skc budget"). */
export const BudgetOutput = Schema.Struct({
  agent: Schema.String,
  limits: Schema.Struct({ budget_chars: Schema.NullOr(Schema.Int), max_description_chars: Schema.NullOr(Schema.Int), source: Schema.NullOr(Schema.String) }),
  skills: Schema.Array(Schema.Struct({ name: Schema.String, entry_chars: Schema.Int, truncated: Schema.Boolean, listed: Schema.Literals(["full", "name-only"]) })),
  total_chars: Schema.Int,
  room_chars: Schema.NullOr(Schema.Int),
  truncated: Schema.Array(Schema.String),
  names_only: Schema.Array(Schema.String)
})
