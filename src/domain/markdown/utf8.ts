/**
 * Where a file's bytes stop being UTF-8. Skills are read as UTF-8: a file
 * saved in Latin-1 or Windows-1252 (`café` as `caf\xE9`) decodes with
 * U+FFFD in place of each such byte, so an agent reads `caf�`, and a
 * built stub's description carries it. Lint reports the first such line
 * (SKL207) instead of passing the damage on silently.
 */

export interface InvalidUtf8 {
  /** 1-based line of the first byte that does not start or continue a UTF-8 sequence as it must. */
  readonly line: number
  readonly byte: number
}

/** The first invalid sequence (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF), or undefined. */
export const firstInvalidUtf8 = (bytes: Uint8Array): InvalidUtf8 | undefined => {
  // One pass in JavaScript, never a strict TextDecoder first: Node's fatal decode of valid text went
  // through its slow converter and built a string only to drop it, about a third of `skc lint`'s time on
  // a 20 MB skill (its lenient decode, which lint keeps, takes the fast path).
  let line = 1
  const n = bytes.length
  for (let i = 0; i < n; ) {
    const b = bytes[i]!
    if (b < 0x80) {
      if (b === 10 || (b === 13 && bytes[i + 1] !== 10)) line++
      i++
      continue
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0
    if (need === 0) return { line, byte: b }
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]
      if (c === undefined || (c & 0xc0) !== 0x80) return { line, byte: b }
    }
    const second = bytes[i + 1]!
    if ((b === 0xe0 && second < 0xa0) || (b === 0xed && second >= 0xa0) || (b === 0xf0 && second < 0x90) || (b === 0xf4 && second >= 0x90)) {
      return { line, byte: b }
    }
    i += need + 1
  }
  return undefined
}
