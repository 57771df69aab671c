/**
 * `POST /v1/logs` of `skc mcp --http` (issue 49 item 4): an OTLP/HTTP logs
 * receiver for Claude Code's telemetry
 * (`OTEL_EXPORTER_OTLP_LOGS_ENDPOINT=<server>/v1/logs`,
 * `OTEL_EXPORTER_OTLP_LOGS_PROTOCOL=http/json`). Each
 * `claude_code.skill_activated` record becomes an `activate` row of the
 * skill's access log (src/app/usage/activations.ts, src/domain/otel.ts);
 * other events are acknowledged and dropped.
 *
 * JSON only. The OTLP specification asks a receiver for both binary
 * protobuf and JSON; skc answers protobuf with 415 and a `Status` naming
 * the JSON protocol, because decoding protobuf would need the OTLP `.proto`
 * schemas and a protobuf runtime in the server bundle every stdio user
 * loads, for one event type, while every OpenTelemetry SDK (Claude Code's
 * included) can export JSON by a setting. `Content-Encoding: gzip` is
 * accepted (bounded when inflated, as the body itself).
 *
 * Answers (OTLP/HTTP "Response"): 200 with `{}` when every record was
 * taken, or with `partialSuccess` (`rejectedLogRecords`, `errorMessage`)
 * counting activations that could not be recorded (no skill name or time,
 * a skill that does not resolve here); 400 with a `Status` for a body that
 * is not JSON; 413 over the size limit.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { gunzipSync } from "node:zlib"
import { Exit } from "effect"
import { recordActivations } from "../app/usage/activations.js"
import { activationsOfOtlp } from "../domain/otel.js"
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

/** Answer one `POST /v1/logs` whose body was read (`bytes`), recording on `session` (the first project's). */
export const receiveLogs = async (req: IncomingMessage, res: ServerResponse, bytes: Buffer, session: McpSession): Promise<void> => {
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase()
  if (type !== "application/json") {
    return status(res, 415, rpcStatus(3, `skc accepts OTLP/HTTP JSON only (Content-Type: application/json), not '${type || "none"}': set OTEL_EXPORTER_OTLP_LOGS_PROTOCOL=http/json`))
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase()
  let body = bytes
  if (encoding === "gzip") {
    try {
      body = gunzipSync(bytes, { maxOutputLength: MAX_OTLP_BYTES })
    } catch (e) {
      const tooLarge = (e as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE"
      return status(res, tooLarge ? 413 : 400, rpcStatus(3, tooLarge ? `inflated body exceeds ${MAX_OTLP_BYTES} bytes` : "body is not valid gzip"))
    }
  } else if (encoding !== "identity") {
    return status(res, 415, rpcStatus(3, `Content-Encoding '${encoding}' is not supported (gzip or none)`))
  }
  let document: unknown
  try {
    document = JSON.parse(body.toString("utf8"))
  } catch (e) {
    return status(res, 400, rpcStatus(3, `not JSON: ${e instanceof Error ? e.message : String(e)}`))
  }
  const parsed = activationsOfOtlp(document)
  // The activation's own `user` (Claude Code's user.email) is kept: recordActivations merges no caller into its rows.
  const recorded = await session.run(recordActivations(parsed))
  if (Exit.isFailure(recorded.exit)) return status(res, 500, rpcStatus(13, "activations could not be recorded"))
  const r = recorded.exit.value
  const unknown = Object.values(r.unknown_skills).reduce((a, b) => a + b, 0)
  const rejected = r.rejected + unknown
  if (rejected === 0) return status(res, 200, {})
  const names = Object.keys(r.unknown_skills)
  const why = [
    ...(r.rejected > 0 ? [`${r.rejected} skill_activated record(s) without a skill name or a time`] : []),
    ...(names.length > 0 ? [`no such skill here: ${names.slice(0, 10).join(", ")}${names.length > 10 ? ", …" : ""}`] : [])
  ]
  return status(res, 200, { partialSuccess: { rejectedLogRecords: rejected, errorMessage: why.join("; ") } })
}
