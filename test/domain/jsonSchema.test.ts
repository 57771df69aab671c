// The draft-07 JSON Schemas skc publishes (MCP tools, docs/config.schema.json) keep the
// shape Effect 3's JSONSchema.make gave them, and decode errors keep its words.
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeInput, flagLabel } from "../../src/app/shared/decodeInput.js"
import { jsonSchemaDraft07 } from "../../src/domain/jsonSchema.js"
import { toolJsonSchema } from "../../src/mcp/jsonSchema.js"

const Input = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill" }),
  scope: Schema.optional(Schema.Literals(["project", "global"]).annotate({ description: "Scope" })),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "Limit" })),
  level: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 }))).annotate({ description: "Level" }),
  count: Schema.optional(Schema.Int)
}).annotate({ title: "t", description: "Input" })

const message = (input: unknown, label?: (f: string) => string) =>
  Effect.runSync(
    Effect.flip(decodeInput(Input, label === undefined ? {} : { label })(input)).pipe(Effect.map((e) => e.message))
  )

describe("JSON Schema and decode errors in Effect 3's shape", () => {
  it("named refinements are $defs; a field's own annotation wraps a $ref in allOf", () => {
    expect(jsonSchemaDraft07(Input)).toEqual({
      $schema: "http://json-schema.org/draft-07/schema#",
      $defs: { Int: { type: "integer", description: "an integer", title: "int" } },
      type: "object",
      required: ["skill"],
      properties: {
        skill: { type: "string", description: "Skill" },
        scope: { type: "string", enum: ["project", "global"], description: "Scope" },
        limit: { $ref: "#/$defs/Int", description: "Limit", title: "positive", exclusiveMinimum: 0 },
        level: {
          allOf: [{ $ref: "#/$defs/Int", description: "a number between 1 and 6", title: "between(1, 6)", minimum: 1, maximum: 6 }],
          description: "Level"
        },
        count: { $ref: "#/$defs/Int" }
      },
      additionalProperties: false,
      description: "Input",
      title: "t"
    })
    expect(JSON.stringify(toolJsonSchema(Input))).toBe(
      '{"type":"object","required":["skill"],"properties":{"skill":{"type":"string","description":"Skill"},' +
        '"scope":{"type":"string","enum":["project","global"],"description":"Scope"},' +
        // An integer's exclusive bound as the inclusive one it equals: what every tool-calling API reads.
        '"limit":{"type":"integer","description":"Limit","minimum":1},' +
        // Issue 26 item 3: the allOf wrapper folded into the field, no top-level description, no additionalProperties.
        '"level":{"type":"integer","minimum":1,"maximum":6,"description":"Level"},' +
        '"count":{"type":"integer"}}}'
    )
  })

  it("a check's generic words go from a tool's input schema where the field has no words of its own: its keyword says them (tools/list's 12 KB)", () => {
    const Bare = Schema.Struct({
      limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
      share: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 1 }))),
      mine: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "Most rows" }))
    })
    expect(toolJsonSchema(Bare).properties).toEqual({
      limit: { type: "integer", minimum: 1 },
      share: { type: "number", minimum: 0, maximum: 1 },
      mine: { type: "integer", description: "Most rows", minimum: 1 }
    })
  })

  it("a field named like a keyword (`title`) is a field: kept in properties, input and output schemas alike", () => {
    const Titled = Schema.Struct({ title: Schema.String.annotate({ description: "Heading" }), count: Schema.optional(Schema.Int) })
    for (const schema of [toolJsonSchema(Titled), toolJsonSchema(Titled, { open: true })]) {
      const properties = schema.properties as Record<string, unknown>
      expect(properties.title).toEqual({ type: "string", description: "Heading" })
      expect(schema.required).toEqual(["title"])
      // Effect's generic titles of refinements still go.
      expect(properties.count).toEqual({ type: "integer" })
    }
  })

  it("decode errors name the field and say what was expected", () => {
    expect(message({ skill: "a", scope: "local" })).toBe('scope: expected "project" | "global", actual "local"')
    expect(message({ skill: 42 })).toBe("skill: Expected string, actual 42")
    expect(message({})).toBe("skill: is missing")
    expect(message({ skill: "a", bogus: 1 })).toBe('bogus: is unexpected, expected: "skill" | "scope" | "limit" | "level" | "count"')
    expect(message({ skill: "a", limit: 0 })).toBe("limit: Expected a positive number, actual 0")
    // The check's words, not the field's description (Effect 3 said "Expected Limit, actual -1").
    expect(message({ skill: "a", limit: -1 }, flagLabel)).toBe("--limit: Expected a positive number, actual -1")
    expect(message({ skill: "a", level: 7 }, flagLabel)).toBe("--level: Expected a number between 1 and 6, actual 7")
    expect(message({ skill: "a", count: 1.5 })).toBe("count: Expected an integer, actual 1.5")
    expect(message({ skill: "a", count: "x" })).toBe('count: Expected number, actual "x"')
  })
})
