/**
 * Claude Code's `claude_code.skill_activated` events in an OTLP/HTTP logs
 * export (issue 49 item 4). Pure: the JSON text in, the activations out.
 *
 * The OTLP JSON encoding of logs (opentelemetry-proto
 * `ExportLogsServiceRequest`, OTLP/HTTP "JSON Protobuf Encoding"):
 * `resourceLogs[].resource.attributes`, `resourceLogs[].scopeLogs[].logRecords[]`,
 * each record with `timeUnixNano` (a decimal string, or a number),
 * `observedTimeUnixNano`, `body` and `attributes`, every attribute a
 * `{ key, value: AnyValue }` with `stringValue`, `intValue` (a decimal
 * string), `boolValue`, `doubleValue`, … Keys are lowerCamelCase; a
 * receiver also accepts the snake_case field names of the proto (the
 * specification asks receivers to).
 *
 * Claude Code (monitoring documentation) exports each event as a log record
 * whose body is the event's name (`claude_code.skill_activated`) and whose
 * attributes carry `event.name` (`skill_activated`), `event.timestamp`
 * (ISO 8601), the standard `session.id`, `user.id`, `user.email`,
 * `user.account_uuid`, `organization.id`, and the event's own: the skill's
 * name (`skill.name`) and, since 2.1.126, `invocation_trigger`:
 * `user-slash` (the person typed /skill), `claude-proactive` (the model
 * chose it), `nested-skill` (another skill invoked it). A record counts as
 * an activation when its body or `event.name` names the event; resource
 * attributes fill in what the record lacks. Anything else is counted as
 * ignored, never an error: an export carries every kind of event.
 */

/** The triggers Claude Code documents; another value is kept as given (a later version may add one). */
export const INVOCATION_TRIGGERS = ["user-slash", "claude-proactive", "nested-skill"] as const

/** One skill activation. */
export interface Activation {
  readonly skill: string
  /** `invocation_trigger`; `unknown` when the event has none (Claude Code before 2.1.126). */
  readonly trigger: string
  readonly session: string | null
  /** `user.email`, else `user.id`, else `user.account_uuid`. */
  readonly user: string | null
  /** Milliseconds since the epoch. */
  readonly at: number
}

export interface OtelActivations {
  readonly activations: ReadonlyArray<Activation>
  /** Log records that are not skill activations (other events). */
  readonly ignored: number
  /** Activation records without a skill name or a time: rejected (OTLP partial success). */
  readonly rejected: number
}

const EVENT = "claude_code.skill_activated"
const SHORT_EVENT = "skill_activated"

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)
const field = (o: Json, camel: string, snake: string): unknown => (camel in o ? o[camel] : o[snake])
const list = (v: unknown): ReadonlyArray<unknown> => (Array.isArray(v) ? v : [])

/** An OTLP `AnyValue` as a string, when it is a scalar. */
const scalar = (value: unknown): string | undefined => {
  if (!isObject(value)) return undefined
  for (const [camel, snake] of [
    ["stringValue", "string_value"],
    ["intValue", "int_value"],
    ["doubleValue", "double_value"],
    ["boolValue", "bool_value"]
  ] as const) {
    const v = field(value, camel, snake)
    if (v !== undefined && v !== null && typeof v !== "object") return String(v)
  }
  return undefined
}

const attributesOf = (o: Json): Map<string, string> => {
  const out = new Map<string, string>()
  for (const a of list(o.attributes)) {
    if (!isObject(a) || typeof a.key !== "string") continue
    const v = scalar(a.value)
    if (v !== undefined) out.set(a.key, v)
  }
  return out
}

/** `timeUnixNano`, else `observedTimeUnixNano`, else `event.timestamp`: milliseconds, or undefined. */
const timeOf = (record: Json, attrs: Map<string, string>): number | undefined => {
  for (const [camel, snake] of [
    ["timeUnixNano", "time_unix_nano"],
    ["observedTimeUnixNano", "observed_time_unix_nano"]
  ] as const) {
    const v = field(record, camel, snake)
    if ((typeof v === "string" && /^\d{1,20}$/.test(v)) || typeof v === "number") {
      const ms = Number(BigInt(typeof v === "number" ? Math.trunc(v) : v) / 1_000_000n)
      if (ms > 0) return ms
    }
  }
  const iso = attrs.get("event.timestamp")
  const ms = iso === undefined ? NaN : Date.parse(iso)
  return Number.isFinite(ms) ? ms : undefined
}

const isActivation = (record: Json, attrs: Map<string, string>): boolean => {
  const name = attrs.get("event.name")
  return scalar(record.body) === EVENT || name === SHORT_EVENT || name === EVENT
}

/** What a JSON value is, for a message: `a number`, `an array`, `null`… */
const kindOf = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "object" ? "an object" : `a ${typeof v}`

/**
 * Why a parsed OTLP/JSON body is not an `ExportLogsServiceRequest`, or
 * undefined when it is one (OTLP/HTTP: such a body is 400 Bad Request).
 * The proto3 JSON mapping: a message is a JSON object, a repeated field an
 * array (`null` for either is the field's default, absent); fields of
 * unknown names are ignored, as OTLP asks of receivers. Checked down to
 * each log record and its attributes, what this receiver reads; the values
 * within are read leniently (`scalar`).
 */
export const logsRequestProblem = (document: unknown): string | undefined =>
  isObject(document) ? shapeProblem(document, LOGS_REQUEST, "") : `the body is ${kindOf(document)}, not an ExportLogsServiceRequest object`

/** Message fields the receiver reads, by their camelCase name: the snake_case one, whether repeated, and their own fields. */
interface Shape {
  readonly [camel: string]: { readonly snake: string; readonly repeated: boolean; readonly of: Shape }
}
const ATTRIBUTES: Shape = { attributes: { snake: "attributes", repeated: true, of: {} } }
const LOGS_REQUEST: Shape = {
  resourceLogs: {
    snake: "resource_logs",
    repeated: true,
    of: {
      resource: { snake: "resource", repeated: false, of: ATTRIBUTES },
      scopeLogs: { snake: "scope_logs", repeated: true, of: { logRecords: { snake: "log_records", repeated: true, of: ATTRIBUTES } } }
    }
  }
}

/** The first field of `owner` (at `at`) that is not what `shape` says, in the shape's order; null stands for absent. */
const shapeProblem = (owner: Json, shape: Shape, at: string): string | undefined => {
  for (const [camel, f] of Object.entries(shape)) {
    const name = camel in owner ? camel : f.snake
    const v = owner[name]
    const path = `${at}${name}`
    if (v === undefined || v === null) continue
    if (f.repeated && !Array.isArray(v)) return `${path} is ${kindOf(v)}, not an array`
    const elements: ReadonlyArray<unknown> = f.repeated ? (v as ReadonlyArray<unknown>) : [v]
    for (let i = 0; i < elements.length; i++) {
      const e = elements[i]
      const here = f.repeated ? `${path}[${i}]` : path
      if (e === null) continue
      if (!isObject(e)) return `${here} is ${kindOf(e)}, not an object`
      const inner = shapeProblem(e, f.of, `${here}.`)
      if (inner !== undefined) return inner
    }
  }
  return undefined
}

/** The activations of an OTLP/JSON logs export (already parsed from JSON); never throws. */
export const activationsOfOtlp = (document: unknown): OtelActivations => {
  const activations: Array<Activation> = []
  let ignored = 0
  let rejected = 0
  const root = isObject(document) ? document : {}
  for (const rl of list(field(root, "resourceLogs", "resource_logs"))) {
    if (!isObject(rl)) continue
    const resource = isObject(rl.resource) ? attributesOf(rl.resource) : new Map<string, string>()
    for (const sl of list(field(rl, "scopeLogs", "scope_logs"))) {
      if (!isObject(sl)) continue
      for (const record of list(field(sl, "logRecords", "log_records"))) {
        if (!isObject(record)) continue
        const attrs = new Map([...resource, ...attributesOf(record)])
        if (!isActivation(record, attrs)) {
          ignored++
          continue
        }
        const skill = attrs.get("skill.name") ?? attrs.get("skill_name") ?? attrs.get("name")
        const at = timeOf(record, attrs)
        if (skill === undefined || skill.trim() === "" || at === undefined) {
          rejected++
          continue
        }
        activations.push({
          skill: skill.trim(),
          trigger: attrs.get("invocation_trigger") ?? "unknown",
          session: attrs.get("session.id") ?? null,
          user: attrs.get("user.email") ?? attrs.get("user.id") ?? attrs.get("user.account_uuid") ?? null,
          at
        })
      }
    }
  }
  return { activations, ignored, rejected }
}

/**
 * A file of exported records (`skc stats --import-otel`): one OTLP/JSON
 * document, or one per line (the OpenTelemetry Collector's file exporter
 * writes JSON Lines). A line that is not JSON is rejected, not fatal.
 */
export const activationsOfOtlpFile = (text: string): OtelActivations & { readonly badLines: number } => {
  const trimmed = text.trim()
  try {
    return { ...activationsOfOtlp(JSON.parse(trimmed)), badLines: 0 }
  } catch {
    // JSON Lines
  }
  const all: Array<Activation> = []
  let ignored = 0
  let rejected = 0
  let badLines = 0
  for (const line of trimmed.split("\n")) {
    if (line.trim() === "") continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      badLines++
      continue
    }
    const one = activationsOfOtlp(parsed)
    all.push(...one.activations)
    ignored += one.ignored
    rejected += one.rejected
  }
  return { activations: all, ignored, rejected, badLines }
}
