/**
 * OTLP/HTTP binary protobuf (`application/x-protobuf`) of a logs export
 * (issue 49 item 4): the `ExportLogsServiceRequest` of opentelemetry-proto
 * decoded into the shape of its JSON encoding (the proto's snake_case field
 * names, which src/domain/otel.ts reads), so both encodings the OTLP
 * specification asks a receiver to take go through one reader.
 *
 * Only what an activation needs is decoded; every other field is skipped
 * by its wire type:
 *
 *     ExportLogsServiceRequest { repeated ResourceLogs resource_logs = 1; }
 *     ResourceLogs  { Resource resource = 1; repeated ScopeLogs scope_logs = 2; }
 *     Resource      { repeated KeyValue attributes = 1; }
 *     ScopeLogs     { repeated LogRecord log_records = 2; }
 *     LogRecord     { fixed64 time_unix_nano = 1; fixed64 observed_time_unix_nano = 11;
 *                     AnyValue body = 5; repeated KeyValue attributes = 6; }
 *     KeyValue      { string key = 1; AnyValue value = 2; }
 *     AnyValue      { string string_value = 1; bool bool_value = 2; int64 int_value = 3;
 *                     double double_value = 4; (array, kvlist, bytes: skipped) }
 *
 * Hand-written instead of a protobuf runtime and the `.proto` files: these
 * few messages, and nothing loaded into the server for them. Every length is
 * checked against the bytes left, so a malformed or hostile body is a
 * `ProtobufError` (400), never a read past the end, a hang or a deep
 * recursion (the decoder does not descend into nested AnyValues).
 */

export class ProtobufError extends Error {}

type Fields = Map<number, Array<{ readonly wire: number; readonly value: bigint | Uint8Array }>>

/** One message's fields by number, in order: varints and fixed numbers as bigint, length-delimited as bytes. */
const fieldsOf = (bytes: Uint8Array): Fields => {
  const fields: Fields = new Map()
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let at = 0
  const varint = (): bigint => {
    let result = 0n
    for (let shift = 0n; shift < 70n; shift += 7n) {
      if (at >= bytes.length) throw new ProtobufError("truncated varint")
      const b = bytes[at++]!
      result |= BigInt(b & 0x7f) << shift
      if ((b & 0x80) === 0) return result
    }
    throw new ProtobufError("varint longer than 10 bytes")
  }
  while (at < bytes.length) {
    const key = varint()
    const field = Number(key >> 3n)
    const wire = Number(key & 7n)
    if (field === 0) throw new ProtobufError("field number 0")
    let value: bigint | Uint8Array
    switch (wire) {
      case 0:
        value = varint()
        break
      case 1:
        if (at + 8 > bytes.length) throw new ProtobufError("truncated fixed64")
        value = view.getBigUint64(at, true)
        at += 8
        break
      case 2: {
        const length = varint()
        if (length > BigInt(bytes.length - at)) throw new ProtobufError("length past the end")
        value = bytes.subarray(at, at + Number(length))
        at += Number(length)
        break
      }
      case 5:
        if (at + 4 > bytes.length) throw new ProtobufError("truncated fixed32")
        value = BigInt(view.getUint32(at, true))
        at += 4
        break
      default:
        throw new ProtobufError(`wire type ${wire} not supported`)
    }
    const list = fields.get(field)
    if (list === undefined) fields.set(field, [{ wire, value }])
    else list.push({ wire, value })
  }
  return fields
}

const decoder = new TextDecoder("utf-8", { fatal: false })

const messages = (fields: Fields, n: number): ReadonlyArray<Uint8Array> =>
  (fields.get(n) ?? []).filter((f) => f.wire === 2).map((f) => f.value as Uint8Array)
const message = (fields: Fields, n: number): Uint8Array | undefined => messages(fields, n).at(-1)
const number = (fields: Fields, n: number): bigint | undefined => {
  const f = (fields.get(n) ?? []).filter((x) => x.wire !== 2).at(-1)
  return f === undefined ? undefined : (f.value as bigint)
}

const anyValue = (bytes: Uint8Array): Record<string, unknown> => {
  const f = fieldsOf(bytes)
  const s = message(f, 1)
  if (s !== undefined) return { string_value: decoder.decode(s) }
  const b = number(f, 2)
  if (b !== undefined) return { bool_value: b !== 0n }
  const i = number(f, 3)
  if (i !== undefined) return { int_value: BigInt.asIntN(64, i).toString() }
  const d = (f.get(4) ?? []).find((x) => x.wire === 1)
  if (d !== undefined) {
    const buf = new DataView(new ArrayBuffer(8))
    buf.setBigUint64(0, d.value as bigint, true)
    return { double_value: buf.getFloat64(0, true) }
  }
  return {}
}

const keyValues = (fields: Fields, n: number) =>
  messages(fields, n).map((kv) => {
    const f = fieldsOf(kv)
    const key = message(f, 1)
    const value = message(f, 2)
    return { key: key === undefined ? "" : decoder.decode(key), value: value === undefined ? {} : anyValue(value) }
  })

/** An `ExportLogsServiceRequest` in binary protobuf, as its JSON encoding (snake_case names); throws ProtobufError. */
export const logsRequestOfProtobuf = (bytes: Uint8Array): Record<string, unknown> => ({
  resource_logs: messages(fieldsOf(bytes), 1).map((rl) => {
    const r = fieldsOf(rl)
    const resource = message(r, 1)
    return {
      resource: { attributes: resource === undefined ? [] : keyValues(fieldsOf(resource), 1) },
      scope_logs: messages(r, 2).map((sl) => ({
        log_records: messages(fieldsOf(sl), 2).map((lr) => {
          const l = fieldsOf(lr)
          const time = number(l, 1)
          const observed = number(l, 11)
          const body = message(l, 5)
          return {
            ...(time === undefined ? {} : { time_unix_nano: time.toString() }),
            ...(observed === undefined ? {} : { observed_time_unix_nano: observed.toString() }),
            ...(body === undefined ? {} : { body: anyValue(body) }),
            attributes: keyValues(l, 6)
          }
        })
      }))
    }
  })
})
