import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { sanitisedPath, toolEnvironment } from "../../../src/domain/tools/environment.js"
import { BoundedOutput, makeEnvelope, shebangOf } from "../../../src/domain/tools/output.js"

const feed = (text: string | Uint8Array, chunk = 7, head?: number, tail?: number) => {
  const b = new BoundedOutput(head, tail)
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text
  for (let i = 0; i < bytes.length; i += chunk) b.push(bytes.subarray(i, i + chunk))
  return b.render()
}

describe("tool-skills spec §4.2 truncation", () => {
  it("output up to 4096 bytes is kept whole", () => {
    const s = "x".repeat(4096)
    expect(feed(s)).toEqual({ output: s, truncated: false, omittedBytes: 0 })
  })

  it("longer output: HEAD 2 KB, ... [truncated N bytes] ..., TAIL 2 KB", () => {
    const s = "h".repeat(2048) + "m".repeat(10) + "t".repeat(2048)
    expect(feed(s, 1000)).toEqual({ output: "h".repeat(2048) + "\n... [truncated 10 bytes] ...\n" + "t".repeat(2048), truncated: true, omittedBytes: 10 })
  })

  it("any chunking gives the same head and tail as slicing the whole (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }).map((a) => a.map((b) => 32 + (b % 90))), fc.integer({ min: 1, max: 50 }), (bytes, chunk) => {
        const r = feed(bytes, chunk, 16, 16)
        const text = new TextDecoder().decode(bytes)
        if (bytes.length <= 32) expect(r.output).toBe(text)
        else expect(r.output).toBe(text.slice(0, 16) + `\n... [truncated ${bytes.length - 32} bytes] ...\n` + text.slice(-16))
      })
    )
  })

  it("never cuts a UTF-8 character in half; the cut bytes are counted", () => {
    const s = "a" + "é".repeat(3000) // 6001 bytes: byte 2048 falls inside a character
    const r = feed(s, 13)
    expect(r.truncated).toBe(true)
    expect(r.output).not.toContain("\uFFFD")
    const [head, tail] = r.output.split(/\n\.\.\. \[truncated \d+ bytes\] \.\.\.\n/)
    const bytes = (x: string) => new TextEncoder().encode(x).length
    expect(bytes(head) + bytes(tail) + r.omittedBytes).toBe(6001)
  })
})

describe("tool-skills spec §4.3-4.4 envelope", () => {
  it("success with parsed JSON; failures carry error and the exit code", () => {
    expect(makeEnvelope({ _tag: "Exited", exitCode: 0 }, { output: '{"status": "ok", "count": 5}\n', truncated: false }, 12.4, "x")).toEqual({
      success: true, exit_code: 0, output: '{"status": "ok", "count": 5}\n', truncated: false, duration_ms: 12, parsed: { status: "ok", count: 5 }
    })
    expect(makeEnvelope({ _tag: "Exited", exitCode: 1 }, { output: "error: not a git repository", truncated: false }, 50, "git")).toEqual({
      success: false, exit_code: 1, output: "error: not a git repository", truncated: false, duration_ms: 50, error: "Command failed with exit code 1"
    })
    expect(makeEnvelope({ _tag: "SpawnFailed", code: "ENOENT", message: "" }, { output: "", truncated: false }, 1, "nope")).toMatchObject({ exit_code: 127, error: "Command not found: 'nope' (ENOENT)" })
    // A script that exists but whose `#!` interpreter does not: the kernel's ENOENT is about the interpreter.
    expect(
      makeEnvelope({ _tag: "SpawnFailed", code: "ENOENT", message: "" }, { output: "", truncated: false }, 1, "./scripts/run.sh", shebangOf("#!/nonexistent/interp -x\necho hi\n"))
    ).toMatchObject({ exit_code: 127, error: "Interpreter not found: './scripts/run.sh' starts with '#!/nonexistent/interp -x', which does not exist here (ENOENT)" })
    // A script saved on Windows: the kernel looks for '/bin/sh\r'; the message says so instead of denying /bin/sh exists.
    expect(
      makeEnvelope({ _tag: "SpawnFailed", code: "ENOENT", message: "" }, { output: "", truncated: false }, 1, "./scripts/greet.sh", shebangOf("#!/bin/sh\r\necho hi\r\n"))
    ).toMatchObject({
      exit_code: 127,
      error:
        "Interpreter not found: './scripts/greet.sh' starts with '#!/bin/sh' followed by a carriage return (the script was saved with Windows line endings), so the system looks for '/bin/sh\\r', which does not exist (ENOENT); save it with LF line endings (dos2unix './scripts/greet.sh')"
    })
    expect(shebangOf("echo no shebang\n")).toBeUndefined()
    expect(shebangOf("#!\n")).toBeUndefined()
    expect(makeEnvelope({ _tag: "SpawnFailed", code: "EACCES", message: "" }, { output: "", truncated: false }, 1, "./x.sh")).toMatchObject({ exit_code: 126, error: "Permission denied: './x.sh' is not executable (EACCES)" })
    // An agent's values too long for the system's argument list: what happened, not "Cannot start … spawn E2BIG".
    expect(makeEnvelope({ _tag: "SpawnFailed", code: "E2BIG", message: "spawn E2BIG" }, { output: "", truncated: false }, 1, "./x.sh")).toMatchObject({
      exit_code: 126,
      error: "Argument list too long: the values make the command line of './x.sh' longer than the system allows (E2BIG)"
    })
    expect(makeEnvelope({ _tag: "TimedOut", timeoutMs: 2000 }, { output: "", truncated: false }, 1, "x")).toMatchObject({ success: false, exit_code: 124 })
    expect(makeEnvelope({ _tag: "Exited", exitCode: 0 }, { output: "5", truncated: false }, 1, "x")).not.toHaveProperty("parsed")
  })
})

describe("tool-skills spec §5.2 environment", () => {
  it("docs/tool-skills.md, the sanitised PATH: relative and empty entries are dropped, absolute ones kept in order", () => {
    expect(sanitisedPath(".:/usr/bin::bin:/bin:", "linux")).toBe("/usr/bin:/bin")
    expect(sanitisedPath("", "linux")).toBeUndefined()
    expect(sanitisedPath("C:\\Windows;.;;tools;\\\\host\\share;D:/bin;\\rel", "win32")).toBe("C:\\Windows;\\\\host\\share;D:/bin")
    // Nothing absolute left: no PATH at all, since an empty one would mean the cwd.
    const env = toolEnvironment({ PATH: ".::bin" }, { name: "s", dir: "/skills/s", mode: "Global" })
    expect(env).not.toHaveProperty("PATH")
    expect(toolEnvironment({ PATH: "/a:.:/b:" }, { name: "s", dir: "/skills/s", mode: "Global" }).PATH).toBe("/a:/b")
  })


  it("inherits only the safe variables, drops secrets, injects skill identity", () => {
    const env = toolEnvironment(
      // Issue 29 item 5: LC_PASSWORD and LC_SESSION are not locale categories and stay out.
      { PATH: "/bin", HOME: "/h", USER: "u", LANG: "C", LC_ALL: "C", LC_CTYPE: "C.UTF-8", TERM: "xterm", GITHUB_TOKEN: "t", AWS_REGION: "r", OPENAI_API_KEY: "k", MY_SECRET: "s", EDITOR: "vi", LC_API_KEY: "k", LC_PASSWORD: "p", LC_SESSION: "x", SKILLC_HOME: "/s" },
      { name: "git", dir: "/skills/git", mode: "Dev" }
    )
    expect(env).toEqual({
      PATH: "/bin", HOME: "/h", USER: "u", LANG: "C", LC_ALL: "C", LC_CTYPE: "C.UTF-8", TERM: "xterm",
      SKC_SKILL_NAME: "git", SKC_SKILL_DIR: "/skills/git", SKC_MODE: "Dev",
      GIBBERISH_SKILL_NAME: "git", GIBBERISH_SKILL_DIR: "/skills/git", GIBBERISH_MODE: "Dev"
    })
  })
})
