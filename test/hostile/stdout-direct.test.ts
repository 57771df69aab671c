/**
 * Issue 30 (start-up) with issue 19's rules kept: a command's output goes
 * straight to file descriptor 1 until Node's stdout stream exists
 * (`writeStdout`, src/adapters/node/NodeOutput.ts). Whatever the descriptor is, the
 * reader gets every byte in order, a closed pipe ends quietly with status
 * 0, and a full disk is one error line.
 */
import { spawn, spawnSync } from "node:child_process"
import { closeSync, constants, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"

/** A skill whose one section is 300 KB: more than a pipe holds (64 KB on Linux). */
const bigSkill = () => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", "big")
  mkdirSync(src, { recursive: true })
  const lines = Array.from({ length: 6000 }, (_, i) => `line ${i} of the long section, with some words to fill it up`)
  writeFileSync(join(src, "SKILL.md"), `---\nname: big\ndescription: A big skill. Use when testing.\n---\n# big\n## Long\n${lines.join("\n")}\n## After\nend\n`)
  expect(sb.run(["build", "big"]).code).toBe(0)
  const env = { PATH: process.env.PATH ?? "", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
  const expected = spawnSync(process.execPath, [BIN, "show", "big", "--section", "Long"], { cwd: sb.work, env, encoding: "utf8" })
  expect(expected.status).toBe(0)
  expect(expected.stdout.length).toBeGreaterThan(300_000)
  return { sb, env, expected: expected.stdout }
}

const exitOf = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)))

/**
 * Node's child_process makes a child's standard descriptors blocking, so a
 * non-blocking stdout (left so by a parent that is not libuv) is set up by
 * a small Python wrapper that sets O_NONBLOCK and then executes skc.
 */
const hasPython = spawnSync("python3", ["-c", "import fcntl"]).status === 0
const NONBLOCKING = "import os, sys, fcntl\nfl = fcntl.fcntl(1, fcntl.F_GETFL)\nfcntl.fcntl(1, fcntl.F_SETFL, fl | os.O_NONBLOCK)\nos.execv(sys.argv[1], sys.argv[1:])"

describe.skipIf(process.platform === "win32")("issue 30: stdout written without a stream, issue 19's rules kept", () => {
  it.skipIf(!hasPython)("a non-blocking pipe that fills up (EAGAIN) hands the rest to the stream: every byte arrives, in order, status 0", async () => {
    const { sb, env, expected } = bigSkill()
    const fifo = join(sb.root, "out.fifo")
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0)
    // Reader first (a non-blocking open of the writer needs one), both ends non-blocking, as a
    // parent running an event loop on the pipe may leave it.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
    const argv = [process.execPath, BIN, "show", "big", "--section", "Long"]
    const child = spawn("python3", ["-c", NONBLOCKING, ...argv], { cwd: sb.work, env, stdio: ["ignore", writer, "pipe"] })
    closeSync(writer)
    let stderr = ""
    child.stderr!.setEncoding("utf8").on("data", (d) => (stderr += d))
    const exited = exitOf(child)
    // Read nothing for a while: the child fills the pipe and meets EAGAIN.
    await new Promise((r) => setTimeout(r, 300))
    const chunks: Array<Buffer> = []
    const buffer = Buffer.alloc(65536)
    for (;;) {
      let n: number
      try {
        n = readSync(reader, buffer, 0, buffer.length, null)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw e
        await new Promise((r) => setTimeout(r, 5))
        continue
      }
      if (n === 0) break // every writer closed: the child is done
      chunks.push(Buffer.from(buffer.subarray(0, n)))
    }
    closeSync(reader)
    expect(await exited).toBe(0)
    // Nothing but the note a section larger than one MCP page gets (how to page it): no error.
    expect(stderr).toMatch(/^this section is [\d,]+ bytes \(about [\d,]+ tokens\): --max-bytes 40960 reads it in pages, --from-line the next one\n$/)
    expect(Buffer.concat(chunks).toString("utf8")).toBe(expected)
  })

  it("a reader that goes away after the first bytes (skc show … | head) ends skc quietly with status 0", async () => {
    const { sb, env } = bigSkill()
    const child = spawn(process.execPath, [BIN, "show", "big", "--section", "Long"], { cwd: sb.work, env })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d))
    child.stdout.once("data", () => child.stdout.destroy())
    expect(await exitOf(child)).toBe(0)
    // No error; at most the note of a section larger than one MCP page.
    expect(stderr).toMatch(/^(this section is [\d,]+ bytes \(about [\d,]+ tokens\): --max-bytes 40960 reads it in pages, --from-line the next one\n)?$/)
  })

  it("a full disk (> /dev/full) is one error line and status 1, for a command that writes through writeStdout", () => {
    const { sb, env } = bigSkill()
    const r = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" show big --section Long > /dev/full`], { cwd: sb.work, env, encoding: "utf8" })
    expect(r.status).toBe(1)
    expect(r.stderr).toBe("error: cannot write to standard output: no space left on device (ENOSPC)\n")
  })

  it("output to a file is byte for byte what a pipe gets", () => {
    const { sb, env, expected } = bigSkill()
    const file = join(sb.root, "out.txt")
    const fd = openSync(file, "w")
    const r = spawnSync(process.execPath, [BIN, "show", "big", "--section", "Long"], { cwd: sb.work, env, stdio: ["ignore", fd, "pipe"] })
    closeSync(fd)
    expect(r.status).toBe(0)
    expect(readFileSync(file, "utf8")).toBe(expected)
  })
})
