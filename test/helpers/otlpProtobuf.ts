/**
 * A protobuf encoder of OTLP logs exports for tests (issue 49 item 4): the
 * JSON encoding of an `ExportLogsServiceRequest` (camelCase, as the fixture
 * is written) into binary protobuf by the opentelemetry-proto field numbers,
 * written independently of the decoder it tests (src/domain/otlpProtobuf.ts).
 */
type Json = Record<string, any>

const varint = (n: bigint): Array<number> => {
  const out: Array<number> = []
  let v = BigInt.asUintN(64, n)
  while (v > 0x7fn) {
    out.push(Number(v & 0x7fn) | 0x80)
    v >>= 7n
  }
  out.push(Number(v))
  return out
}
const tag = (field: number, wire: number) => varint(BigInt((field << 3) | wire))
const bytesField = (field: number, bytes: ReadonlyArray<number>) => [...tag(field, 2), ...varint(BigInt(bytes.length)), ...bytes]
const stringField = (field: number, s: string) => bytesField(field, [...new TextEncoder().encode(s)])
const fixed64 = (field: number, n: bigint) => {
  const b = new DataView(new ArrayBuffer(8))
  b.setBigUint64(0, n, true)
  return [...tag(field, 1), ...new Uint8Array(b.buffer)]
}

const anyValue = (v: Json): Array<number> => {
  if (v.stringValue !== undefined) return stringField(1, v.stringValue)
  if (v.boolValue !== undefined) return [...tag(2, 0), v.boolValue ? 1 : 0]
  if (v.intValue !== undefined) return [...tag(3, 0), ...varint(BigInt(v.intValue))]
  if (v.doubleValue !== undefined) {
    const b = new DataView(new ArrayBuffer(8))
    b.setFloat64(0, v.doubleValue, true)
    return [...tag(4, 1), ...new Uint8Array(b.buffer)]
  }
  return []
}
const keyValue = (kv: Json) => [...stringField(1, kv.key), ...bytesField(2, anyValue(kv.value))]

const logRecord = (r: Json) => [
  ...(r.timeUnixNano === undefined ? [] : fixed64(1, BigInt(r.timeUnixNano))),
  ...(r.severityNumber === undefined ? [] : [...tag(2, 0), ...varint(BigInt(r.severityNumber))]),
  ...(r.severityText === undefined ? [] : stringField(3, r.severityText)),
  ...(r.body === undefined ? [] : bytesField(5, anyValue(r.body))),
  ...(r.attributes ?? []).flatMap((a: Json) => bytesField(6, keyValue(a))),
  ...(r.observedTimeUnixNano === undefined ? [] : fixed64(11, BigInt(r.observedTimeUnixNano)))
]

/** The protobuf bytes of an OTLP/JSON logs document. */
export const encodeLogsRequest = (doc: Json): Uint8Array =>
  Uint8Array.from(
    (doc.resourceLogs ?? []).flatMap((rl: Json) =>
      bytesField(1, [
        ...(rl.resource === undefined ? [] : bytesField(1, (rl.resource.attributes ?? []).flatMap((a: Json) => bytesField(1, keyValue(a))))),
        ...(rl.scopeLogs ?? []).flatMap((sl: Json) =>
          bytesField(2, [
            ...(sl.scope === undefined ? [] : bytesField(1, [...stringField(1, sl.scope.name ?? ""), ...stringField(2, sl.scope.version ?? "")])),
            ...(sl.logRecords ?? []).flatMap((r: Json) => bytesField(2, logRecord(r)))
          ])
        )
      ])
    )
  )
