/**
 * `POST /v1/logs` of `skc mcp --http` (issue 49 item 4): an OTLP/HTTP logs
 * receiver for Claude Code's telemetry
 * (`OTEL_EXPORTER_OTLP_LOGS_ENDPOINT=<server>/v1/logs`,
 * `OTEL_EXPORTER_OTLP_LOGS_PROTOCOL=http/json`). Each
 * `claude_code.skill_activated` record becomes an `activate` row of the
 * skill's access log (src/app/usage/activations.ts, src/domain/otel.ts);
 * other events are acknowledged and dropped.
 *
 * Both encodings the OTLP specification asks a receiver to take: JSON
 * (`application/json`) and binary protobuf (`application/x-protobuf`,
 * decoded by src/domain/otlpProtobuf.ts into the JSON shape, no protobuf
 * runtime loaded); the answer is in the request's encoding. Another type is
 * 415. `Content-Encoding: gzip` is accepted (bounded when inflated, as the
 * body itself).
 *
 * Answers (OTLP/HTTP "Response"): 200 with `{}` when every record was
 * taken, or with `partialSuccess` (`rejectedLogRecords`, `errorMessage`)
 * counting activations that could not be recorded (no skill name or time,
 * a skill that does not resolve here); 400 with a `Status` for a body that
 * is not JSON (or not protobuf), or JSON that is not an
 * `ExportLogsServiceRequest` (`{"resourceLogs":42}`); 413 over the size limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { gunzipSync } from "node:zlib"
import { Exit } from "effect"
import { recordActivations } from "../app/usage/activations.js"
import { activationsOfOtlp, logsRequestProblem } from "../domain/otel.js"
import { logsRequestOfProtobuf, ProtobufError } from "../domain/otlpProtobuf.js"
import type { McpSession } from "./server.js"

/** The largest OTLP body taken, compressed or inflated: 4 MiB (an exporter's batch of 512 records is far below). */
export const MAX_OTLP_BYTES = 4 * 1024 * 1024

const status = (res: ServerResponse, code: number, body: unknown) => {
  const text = JSON.stringify(body)
  res.writeHead(code, { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
  res.end(text)
}

/** google.rpc.Status codes used: INVALID_ARGUMENT 3, INTERNAL 13. */
const rpcStatus = (code: number, message: string) => ({ code, message })

/** Protobuf's varint and length-delimited field, for the few answers written in protobuf. */
const varint = (n: number): Array<number> => {
  const out: Array<number> = []
  let v = n
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80)
    v = Math.floor(v / 128)
  }
  out.push(v)
  return out
}
const lengthDelimited = (field: number, bytes: Uint8Array): Array<number> => [(field << 3) | 2, ...varint(bytes.length), ...bytes]

/** `google.rpc.Status { int32 code = 1; string message = 2; }` */
const statusProto = (code: number, message: string) =>
  Uint8Array.from([0x08, ...varint(code), ...lengthDelimited(2, new TextEncoder().encode(message))])

/** `ExportLogsServiceResponse { ExportLogsPartialSuccess partial_success = 1 { int64 rejected_log_records = 1; string error_message = 2; } }` */
const partialSuccessProto = (rejected: number, message: string) =>
  Uint8Array.from(lengthDelimited(1, Uint8Array.from([0x08, ...varint(rejected), ...lengthDelimited(2, new TextEncoder().encode(message))])))

const protobuf = (res: ServerResponse, code: number, body: Uint8Array) => {
  res.writeHead(code, { "content-type": "application/x-protobuf", "content-length": body.length })
  res.end(Buffer.from(body))
}

/** Answer one `POST /v1/logs` whose body was read (`bytes`), recording on `session` (the first project's). */
export const receiveLogs = async (req: IncomingMessage, res: ServerResponse, bytes: Buffer, session: McpSession): Promise<void> => {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
  const binary = type === "application/x-protobuf"
  if (type !== "application/json" && !binary) {
    return status(res, 415, rpcStatus(3, `OTLP/HTTP logs are application/json or application/x-protobuf, not '${type || "none"}'`))
  }
  // An error or an answer, in the request's encoding (OTLP/HTTP "Response").
  const fail = (code: number, message: string) => (binary ? protobuf(res, code, statusProto(3, message)) : status(res, code, rpcStatus(3, message)))
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase()
  let body = bytes
  if (encoding === "gzip") {
    try {
      body = gunzipSync(bytes, { maxOutputLength: MAX_OTLP_BYTES })
    } catch (e) {
      const tooLarge = (e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE"
      return fail(tooLarge ? 413 : 400, tooLarge ? `inflated body exceeds ${MAX_OTLP_BYTES} bytes` : "body is not valid gzip")
    }
  } else if (encoding !== "identity") {
    return fail(415, `Content-Encoding '${encoding}' is not supported (gzip or none)`)
  }
  let document: unknown
  try {
    document = binary ? logsRequestOfProtobuf(body) : JSON.parse(body.toString("utf8"))
  } catch (e) {
    if (binary && !(e instanceof ProtobufError)) throw e
    return fail(400, `not ${binary ? "an ExportLogsServiceRequest" : "JSON"}: ${e instanceof Error ? e.message : String(e)}`)
  }
  // JSON of another shape (`{"resourceLogs":42}`, `42`) is not an ExportLogsServiceRequest: 400 (OTLP/HTTP "Bad Data").
  const problem = logsRequestProblem(document)
  if (problem !== undefined) return fail(400, `not an ExportLogsServiceRequest: ${problem}`)
  const parsed = activationsOfOtlp(document)
  // The activation's own `user` (Claude Code's user.email) is kept: recordActivations merges no caller into its rows.
  const recorded = await session.run(recordActivations(parsed))
  if (Exit.isFailure(recorded.exit)) {
    return binary ? protobuf(res, 500, statusProto(13, "activations could not be recorded")) : status(res, 500, rpcStatus(13, "activations could not be recorded"))
  }
  const r = recorded.exit.value
  const unknown = Object.values(r.unknown_skills).reduce((a, b) => a + b, 0)
  const rejected = r.rejected + unknown
  if (rejected === 0) return binary ? protobuf(res, 200, new Uint8Array(0)) : status(res, 200, {})
  const names = Object.keys(r.unknown_skills)
  const why = [
    ...(r.rejected > 0 ? [`${r.rejected} skill_activated record(s) without a skill name or a time`] : []),
    ...(names.length > 0 ? [`no such skill here: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ", …" : ""}`] : [])
  ]
  return binary
    ? protobuf(res, 200, partialSuccessProto(rejected, why.join("; ")))
    : status(res, 200, { partialSuccess: { rejectedLogRecords: rejected, errorMessage: why.join("; ") } })
}
