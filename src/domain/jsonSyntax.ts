/**
 * Where text stops being JSON (RFC 8259), for the files skc reads that a person writes by hand (the
 * trigger sets of `skc eval`). V8's `JSON.parse` message says where only for longer texts ("at position
 * 152"); for a short one it quotes the text instead (`Unexpected token ']', "[…]" is not valid JSON`),
 * which says nothing of where and repeats what the file holds. Pure; iterative, so no nesting depth
 * overflows it; linear in the text.
 */

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** The offset (UTF-16 units) of the first character that makes `text` invalid JSON; `text.length` when it ends too early; undefined when it is valid. */
export const jsonErrorOffset = (text: string): number | undefined => {
  let i = 0
  const n = text.length
  const space = () => {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++
  }
  // A string from its opening quote; the offset of its first fault, or undefined once past its closing quote.
  const string = (): number | undefined => {
    i++
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return undefined
      }
      if (c < 0x20) return i
      if (c === 0x5c) {
        const e = text[i + 1]
        if (e === undefined) return n
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return i + 1
          i += 6
        } else if ('"\\/bfnrt'.includes(e)) i += 2
        else return i + 1
      } else i++
    }
    return n
  }
  const number = (): number | undefined => {
    NUMBER.lastIndex = i
    const m = NUMBER.exec(text)
    if (m === null) return i
    i += m[0].length
    return undefined
  }
  // The containers open around the value being read: "[" or "{".
  const open: Array<string> = []
  // What is expected next: a value, or (inside a container) what follows one.
  let expect: "value" | "after" | "key" | "keyOrEnd" | "valueOrEnd" = "value"
  for (;;) {
    space()
    if (i >= n) return open.length === 0 && expect === "after" ? undefined : n
    const c = text[i]!
    if (expect === "after") {
      const top = open[open.length - 1]
      if (top === undefined) return i
      if (c === ",") {
        i++
        expect = top === "[" ? "value" : "key"
      } else if ((c === "]" && top === "[") || (c === "}" && top === "{")) {
        i++
        open.pop()
        expect = "after"
      } else return i
      continue
    }
    if (expect === "key" || expect === "keyOrEnd") {
      if (c === "}" && expect === "keyOrEnd") {
        i++
        open.pop()
        expect = "after"
        continue
      }
      if (c !== '"') return i
      const bad = string()
      if (bad !== undefined) return bad
      space()
      if (text[i] !== ":") return i < n ? i : n
      i++
      expect = "value"
      continue
    }
    // A value (or, just after "[", the end of an empty array).
    if (c === "]" && expect === "valueOrEnd") {
      i++
      open.pop()
      expect = "after"
    } else if (c === "[") {
      i++
      open.push("[")
      expect = "valueOrEnd"
    } else if (c === "{") {
      i++
      open.push("{")
      expect = "keyOrEnd"
    } else if (c === '"') {
      const bad = string()
      if (bad !== undefined) return bad
      expect = "after"
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const bad = number()
      if (bad !== undefined) return bad
      expect = "after"
    } else {
      const word = ["true", "false", "null"].find((w) => text.startsWith(w, i))
      // A word cut by the end of the text (`"should_trigger": tr`) ends too early; another is wrong where it starts.
      if (word === undefined) return ["true", "false", "null"].some((w) => w.startsWith(text.slice(i))) ? n : i
      i += word.length
      expect = "after"
    }
  }
}

/** `offset`'s line and column (1-based; the column in characters of its line, as editors count). */
export const lineColumnAt = (text: string, offset: number): { readonly line: number; readonly column: number } => {
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: [...before[before.length - 1]!].length + 1 }
}

/**
 * The offset (UTF-16 units) where the value at `path` starts in `text`, valid JSON (a leading BOM allowed):
 * `[3]` the fourth entry of a top-level array, `["evals", 3]` the fourth of its `evals` array. Undefined
 * when there is no such value. Iterative and linear, as `jsonErrorOffset`.
 */
export const valueOffset = (text: string, path: ReadonlyArray<string | number>): number | undefined => {
  const n = text.length
  let i = text.startsWith("\uFEFF") ? 1 : 0
  const stack: Array<{ readonly kind: "[" | "{"; index: number; key: string | undefined }> = []
  let expectKey = false
  const endOfString = (from: number): number => {
    let j = from + 1
    while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1
    return j + 1
  }
  const at = () => stack.length === path.length && stack.every((c, k) => (c.kind === "[" ? c.index === path[k] : c.key === path[k]))
  while (i < n) {
    const c = text[i]!
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === ":") {
      i++
      continue
    }
    if (c === ",") {
      const top = stack[stack.length - 1]
      if (top?.kind === "[") top.index++
      else expectKey = true
      i++
      continue
    }
    if (c === "]" || c === "}") {
      stack.pop()
      expectKey = false
      i++
      continue
    }
    if (expectKey) {
      const end = endOfString(i)
      const top = stack[stack.length - 1]
      if (top !== undefined) {
        try {
          top.key = JSON.parse(text.slice(i, end)) as string
        } catch {
          return undefined
        }
      }
      expectKey = false
      i = end
      continue
    }
    // A value starts here.
    if (at()) return i
    if (c === "[" || c === "{") {
      stack.push({ kind: c, index: 0, key: undefined })
      expectKey = c === "{"
      i++
    } else if (c === '"') i = endOfString(i)
    else while (i < n && !" \t\n\r,]}".includes(text[i]!)) i++
  }
  return undefined
}
