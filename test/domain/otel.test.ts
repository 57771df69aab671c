// Issue 49 item 4: Claude Code's claude_code.skill_activated events in an
// OTLP/HTTP JSON logs export (src/domain/otel.ts). The fixture is written by
// hand from Claude Code's documented attributes (event.name, session.id,
// user.email, skill.name, invocation_trigger) in the OTLP JSON encoding.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { activationsOfOtlp, activationsOfOtlpFile, logsRequestProblem } from "../../src/domain/otel.js"

const FIXTURE = readFileSync(join(__dirname, "..", "fixtures", "otel", "claude-code-logs.json"), "utf8")

describe("OTLP/JSON skill activations (issue 49 item 4)", () => {
  it("finds every skill_activated with its trigger, session, user and time; other events are ignored", () => {
    const r = activationsOfOtlp(JSON.parse(FIXTURE))
    expect(r.ignored).toBe(3)
    expect(r.rejected).toBe(0)
    expect(r.activations.map((a) => [a.skill, a.trigger])).toEqual([
      ["frontend", "claude-proactive"],
      ["frontend", "user-slash"],
      ["runbook", "nested-skill"],
      ["ghost-skill", "claude-proactive"]
    ])
    expect(r.activations[0]).toMatchObject({ session: "3f6e0a52-7c1d-4b8e-9a2f-1d5c7e9b0a31", user: "alice@example.com" })
    expect(new Date(r.activations[0]!.at).toISOString()).toBe("2026-06-01T08:00:03.000Z")
  })

  it("accepts the proto's snake_case names, intValue times and event.timestamp; a record without a skill is rejected", () => {
    const doc = {
      resource_logs: [
        {
          resource: { attributes: [{ key: "session.id", value: { string_value: "s1" } }] },
          scope_logs: [
            {
              log_records: [
                { time_unix_nano: 1780300800000000000, attributes: [{ key: "event.name", value: { string_value: "skill_activated" } }, { key: "skill.name", value: { string_value: "a" } }] },
                { attributes: [{ key: "event.name", value: { stringValue: "skill_activated" } }, { key: "skill.name", value: { stringValue: "b" } }, { key: "event.timestamp", value: { stringValue: "2026-06-01T09:00:00Z" } }] },
                { body: { stringValue: "claude_code.skill_activated" }, timeUnixNano: "1780300800000000000", attributes: [] }
              ]
            }
          ]
        }
      ]
    }
    const r = activationsOfOtlp(doc)
    expect(r.activations).toEqual([
      { skill: "a", trigger: "unknown", session: "s1", user: null, at: 1780300800000 },
      { skill: "b", trigger: "unknown", session: "s1", user: null, at: Date.parse("2026-06-01T09:00:00Z") }
    ])
    expect(r.rejected).toBe(1)
  })

  it("a file may be JSON Lines (the collector's file exporter); bad lines are counted, never thrown", () => {
    const line = JSON.stringify(JSON.parse(FIXTURE))
    const r = activationsOfOtlpFile(`${line}\nnot json\n${line}\n`)
    expect(r.activations).toHaveLength(8)
    expect(r.badLines).toBe(1)
    for (const junk of [null, 42, "x", [], { resourceLogs: "no" }, { resourceLogs: [{ scopeLogs: [{ logRecords: [null, 1] }] }] }]) {
      expect(activationsOfOtlp(junk).activations).toEqual([])
    }
  })
})

describe("what is an ExportLogsServiceRequest (OTLP/HTTP: another shape is 400)", () => {
  it("takes the fixture, an empty export, nulls, snake_case names and unknown fields", () => {
    expect(logsRequestProblem(JSON.parse(FIXTURE))).toBeUndefined()
    for (const ok of [{}, { resourceLogs: null }, { resourceLogs: [] }, { resource_logs: [{ scope_logs: [{ log_records: [{ attributes: null }] }] }] }, { hello: 1 }, { resourceLogs: [null] }]) {
      expect(logsRequestProblem(ok), JSON.stringify(ok)).toBeUndefined()
    }
  })

  it("names where a body of another shape goes wrong", () => {
    expect(logsRequestProblem(42)).toBe("the body is a number, not an ExportLogsServiceRequest object")
    expect(logsRequestProblem([])).toBe("the body is an array, not an ExportLogsServiceRequest object")
    expect(logsRequestProblem(null)).toBe("the body is null, not an ExportLogsServiceRequest object")
    expect(logsRequestProblem({ resourceLogs: 42 })).toBe("resourceLogs is a number, not an array")
    expect(logsRequestProblem({ resource_logs: {} })).toBe("resource_logs is an object, not an array")
    expect(logsRequestProblem({ resourceLogs: ["x"] })).toBe("resourceLogs[0] is a string, not an object")
    expect(logsRequestProblem({ resourceLogs: [{ resource: [] }] })).toBe("resourceLogs[0].resource is an array, not an object")
    expect(logsRequestProblem({ resourceLogs: [{ resource: { attributes: {} } }] })).toBe("resourceLogs[0].resource.attributes is an object, not an array")
    expect(logsRequestProblem({ resourceLogs: [{}, { scopeLogs: [{ logRecords: [1] }] }] })).toBe("resourceLogs[1].scopeLogs[0].logRecords[0] is a number, not an object")
    expect(logsRequestProblem({ resourceLogs: [{ scopeLogs: [{ logRecords: [{ attributes: "a=b" }] }] }] })).toBe(
      "resourceLogs[0].scopeLogs[0].logRecords[0].attributes is a string, not an array"
    )
  })
})

describe("OTLP/HTTP binary protobuf (issue 49 item 4)", () => {
  it("the fixture in protobuf gives the same activations as in JSON", async () => {
    const { encodeLogsRequest } = await import("../helpers/otlpProtobuf.js")
    const { logsRequestOfProtobuf } = await import("../../src/domain/otlpProtobuf.js")
    const json = activationsOfOtlp(JSON.parse(FIXTURE))
    const binary = activationsOfOtlp(logsRequestOfProtobuf(encodeLogsRequest(JSON.parse(FIXTURE))))
    expect(binary).toEqual(json)
  })

  it("a malformed body is a ProtobufError, never a crash, a hang or a read past the end", async () => {
    const { encodeLogsRequest } = await import("../helpers/otlpProtobuf.js")
    const { logsRequestOfProtobuf, ProtobufError } = await import("../../src/domain/otlpProtobuf.js")
    const good = encodeLogsRequest(JSON.parse(FIXTURE))
    const cases = [
      good.subarray(0, good.length - 3),
      Uint8Array.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]),
      Uint8Array.from([0x0b]),
      Uint8Array.from([0x08, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80]),
      Uint8Array.from([0x00, 0x01])
    ]
    for (const bytes of cases) expect(() => logsRequestOfProtobuf(bytes)).toThrow(ProtobufError)
    // Random bytes: decoded or refused, nothing else.
    let seed = 7
    for (let i = 0; i < 300; i++) {
      const bytes = Uint8Array.from({ length: 1 + (i % 64) }, () => (seed = (seed * 1103515245 + 12345) % 2147483648) & 0xff)
      try {
        activationsOfOtlp(logsRequestOfProtobuf(bytes))
      } catch (e) {
        expect(e).toBeInstanceOf(ProtobufError)
      }
    }
    expect(logsRequestOfProtobuf(new Uint8Array(0))).toEqual({ resource_logs: [] })
  })
})
