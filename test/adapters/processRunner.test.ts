import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { nodeProcessRunner } from "../../src/adapters/node/NodeProcessRunner.js"
import type { ProcessRequest } from "../../src/ports/ProcessRunner.js"
import { tempDir } from "../helpers/cli.js"
import { alive } from "../helpers/processes.js"

const dir = tempDir("skc-runner-")
const base: Omit<ProcessRequest, "program" | "args"> = {
  cwd: dir,
  env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
  timeoutMs: 20_000,
  killGraceMs: 5_000
}
const run = (r: Partial<ProcessRequest> & Pick<ProcessRequest, "program" | "args">) =>
  Effect.runPromise(nodeProcessRunner.run({ ...base, ...r }))

const script = (name: string, body: string, mode = 0o755) => {
  const p = join(dir, name)
  writeFileSync(p, `#!/bin/sh\n${body}\n`)
  chmodSync(p, mode)
  return p
}

describe("tool-skills spec §3.5, §5 node process runner", () => {
  it("runs program + args without a shell; stdout and stderr merged", async () => {
    const r = await run({ program: script("echo.sh", `echo "out:$1"; echo "err:$2" >&2; exit 3`), args: ["a; echo pwned", "$(id)"] })
    expect(r.outcome).toEqual({ _tag: "Exited", exitCode: 3 })
    expect(r.output).toBe("out:a; echo pwned\nerr:$(id)\n")
  })

  it("stdin (issue 27, skc eval --judge command): written then closed; a child that never reads it is not a failure", async () => {
    const r = await run({ program: script("cat.sh", `cat; echo "<end"`), args: [], stdin: "fill in this PDF form" })
    expect([r.outcome, r.output]).toEqual([{ _tag: "Exited", exitCode: 0 }, "fill in this PDF form<end\n"])
    const ignored = await run({ program: script("quiet.sh", "exit 0"), args: [], stdin: "x".repeat(1 << 20) })
    expect(ignored.outcome).toEqual({ _tag: "Exited", exitCode: 0 })
    // Without stdin the child reads end of file at once, as before.
    const none = await run({ program: script("cat0.sh", `cat; echo "<eof"`), args: [] })
    expect(none.output).toBe("<eof\n")
  })

  it("spec §9.3: ENOENT and EACCES are outcomes, not crashes", async () => {
    const missing = await run({ program: join(dir, "nope.sh"), args: [] })
    expect(missing.outcome).toMatchObject({ _tag: "SpawnFailed", code: "ENOENT" })
    const onPath = await run({ program: "skc-no-such-program-xyz", args: [] })
    expect(onPath.outcome).toMatchObject({ _tag: "SpawnFailed", code: "ENOENT" })
    const plain = await run({ program: script("noexec.sh", "echo hi", 0o644), args: [] })
    expect(plain.outcome).toMatchObject({ _tag: "SpawnFailed", code: "EACCES" })
  })

  it("spec §5.3: timeout ends the whole process group, SIGKILL after the grace for a process ignoring SIGTERM", async () => {
    const pids = join(dir, "pids.txt")
    const s = script(
      "spawner.sh",
      `trap '' TERM\n(trap '' TERM; sleep 120) &\necho $! >> ${pids}\nsleep 120 &\necho $! >> ${pids}\necho $$ >> ${pids}\necho started\nwait`
    )
    const r = await run({ program: s, args: [], timeoutMs: 3_000, killGraceMs: 300 })
    expect(r.outcome).toEqual({ _tag: "TimedOut", timeoutMs: 3_000 })
    expect(r.output).toContain("started")
    const list = readFileSync(pids, "utf8").trim().split("\n").map(Number)
    expect(list.length).toBe(3)
    for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
  })

  it("spec §4.2: output is bounded and truncated head/tail for large outputs", async () => {
    const r = await run({ program: process.execPath, args: ["-e", "const b=Buffer.alloc(1<<20,97);b[0]=72;for(let i=0;i<8;i++)process.stdout.write(b);process.stdout.write('END')"] })
    expect(r.outcome).toEqual({ _tag: "Exited", exitCode: 0 })
    expect(r.totalBytes).toBe(8 * (1 << 20) + 3)
    expect(r.truncated).toBe(true)
    const [head, rest] = r.output.split(`\n... [truncated ${8 * (1 << 20) + 3 - 4096} bytes] ...\n`)
    expect(head.length).toBe(2048)
    expect(head.startsWith("Ha")).toBe(true)
    expect(rest.length).toBe(2048)
    expect(rest.endsWith("aEND")).toBe(true)
  })

  it("the cwd and the environment are exactly as given", async () => {
    const r = await run({ program: "/bin/sh", args: ["-c", "pwd; env | sort"], env: { PATH: "/usr/bin:/bin", ONLY: "1" } })
    expect(r.output.split("\n")[0]).toBe(dir)
    expect(r.output).toContain("ONLY=1")
    expect(r.output).not.toContain("HOME=")
    expect(existsSync(dir)).toBe(true)
  })
})
