// src/lsp/frameGuard.ts: frames pass through unchanged, however the input is cut into chunks; a Content-Length
// that is no length (negative, not a number, past MAX_FRAME_BYTES) or a header that never ends is an error.
import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { FrameGuard, MAX_FRAME_BYTES } from "../../src/lsp/frameGuard.js"

/** The bytes the guard lets through for `input` written in chunks of `size`, or its error's message. */
const through = (input: string, size: number): Promise<string> =>
  new Promise((resolve) => {
    const source = new PassThrough()
    const guard = source.pipe(new FrameGuard())
    let out = ""
    guard.on("data", (d: Buffer) => (out += d.toString("latin1")))
    guard.on("end", () => resolve(out))
    guard.on("error", (e) => resolve(`error: ${e.message}`))
    const bytes = Buffer.from(input, "latin1")
    for (let i = 0; i < bytes.length; i += size) source.write(bytes.subarray(i, i + size))
    source.end()
  })

const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body, "latin1")}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`

describe("FrameGuard", () => {
  it("passes frames through unchanged, whatever the chunk size (a body holding a blank line included)", async () => {
    const input = frame('{"a":"x\r\n\r\ny"}') + frame("{}") + "content-length:3\r\n\r\n[1]"
    for (const size of [1, 2, 3, 7, 64, 4096]) expect(await through(input, size), `chunks of ${size}`).toBe(input)
  })

  it("a Content-Length that is no length, or past the bound, is an error naming it", async () => {
    expect(await through("Content-Length: -5\r\n\r\n{}", 4)).toBe(`error: Content-Length '-5' is no length skc lsp reads (a whole number of bytes up to 256 MiB)`)
    expect(await through("Content-Length: abc\r\n\r\n{}", 64)).toMatch(/^error: Content-Length 'abc'/)
    expect(await through(`Content-Length: ${MAX_FRAME_BYTES + 1}\r\n\r\n{}`, 64)).toMatch(/^error: Content-Length '268435457'/)
    expect(await through(`Content-Length: ${MAX_FRAME_BYTES}\r\n\r\n{}`, 64)).toBe(`Content-Length: ${MAX_FRAME_BYTES}\r\n\r\n{}`)
    // Two headers (the reader keeps the last one): an error, not a check of the first alone (a hostile probe hung the server).
    expect(await through("Content-Length: 2\r\nContent-Length: 99999999999\r\n\r\n{}", 64)).toBe("error: 2 Content-Length headers in one message: which one is its length cannot be told")
  })

  // An editor probe: `Content-Length: 44\n\n{…}` (bare line feeds) was held as a header until the next, valid
  // message arrived, which was then swallowed into it and blamed with -32700.
  it("a header line ended by a bare line feed, or no 'Name: value', is an error at once", async () => {
    for (const size of [1, 3, 64]) {
      expect(await through('Content-Length: 2\n\n{}', size), `chunks of ${size}`).toMatch(/^error: a header line ends in a bare line feed/)
      expect(await through('Content-Length: 2\r\nX\n\r\n{}', size), `chunks of ${size}`).toMatch(/^error: a header line ends in a bare line feed/)
    }
    expect(await through('{"jsonrpc":"2.0"}Content-Length: 2\r\n\r\n{}', 64)).toBe("error: the first bytes are no header ('Name: value' lines, no space before the colon, then an empty line)")
    expect(await through(`${frame("{}")}}}Content-Length: 2\r\n\r\n{}`, 64)).toBe(
      "error: the bytes after the previous message are no header ('Name: value' lines, no space before the colon): that message's Content-Length may be wrong, or this header is malformed"
    )
    // A hostile probe: `Content-Length : 495` (a space before the colon, which HTTP forbids and the reader does not
    // trim) was blamed on a previous message that did not exist.
    expect(await through("Content-Length : 2\r\n\r\n{}", 64)).toMatch(/^error: the first bytes are no header/)
  })

  // The server's lint window waits while a message is still arriving (a whole-text change of a large file).
  it("midFrame is true from a frame's first header byte to its body's last", () => {
    const guard = new FrameGuard()
    guard.on("data", () => {})
    const write = (s: string) => guard.write(Buffer.from(s, "latin1"))
    expect(guard.midFrame).toBe(false)
    write("Content-Le")
    expect(guard.midFrame).toBe(true)
    write("ngth: 4\r\n\r\n{}")
    expect(guard.midFrame).toBe(true)
    write("[]")
    expect(guard.midFrame).toBe(false)
  })

  it("a header without its end past 64 KB is an error; one without a Content-Length is left to the reader", async () => {
    expect(await through("X-Long: " + "a".repeat(70_000), 1024)).toMatch(/^error: a header of more than 64 KB/)
    expect(await through("X-Other: 1\r\n\r\n{}", 5)).toBe("X-Other: 1\r\n\r\n{}")
  })
})
