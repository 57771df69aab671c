/**
 * Output Schemas of the tools whose use case describes its JSON document
 * with a TypeScript interface only: they become the tools' `outputSchema`
 * (open: later fields do not break clients). Shapes per DECISIONS #10
 * (outline), #11 (sources), #36 (open) and the build result.
 */
import { Schema } from "effect"

export const OutlineOutput = Schema.Struct({
  skill: Schema.String,
  headings: Schema.Array(Schema.Struct({ file: Schema.String, level: Schema.Int, text: Schema.String, line: Schema.Int }))
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
  entries: Schema.Array(Schema.Struct({ path: Schema.String, type: Schema.Literal("file", "dir") }))
})

export const BuildOutput = Schema.Struct({
  skill: Schema.String,
  scope: Schema.Literal("project", "global"),
  source: Schema.String,
  source_scope: Schema.Literal("project", "global"),
  runtime: Schema.String,
  imported: Schema.NullOr(
    Schema.Struct({ from: Schema.String, to: Schema.String, scope: Schema.Literal("project", "global"), replaced: Schema.Boolean })
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
  results: Schema.Array(Schema.Struct({ file: Schema.String, section: Schema.String, snippet: Schema.String, score: Schema.Number }))
})
