/**
 * Issue 19 (high): a tool's timeout cannot be escaped (tool-skills spec §5.3).
 * A descendant that calls `setsid` leaves the tool's process group; holding
 * our stdout pipe open it used to keep `skc run --timeout 3` waiting for
 * 612 s, and it was never killed. Each case below would hang until vitest's
 * own per-test timeout without the fix; the assertions check that every
 * process of the run is gone and the outcome is the timeout.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { nodeProcessRunner } from "../../src/adapters/node/NodeProcessRunner.js"
import { descendantsOf, parseStat } from "../../src/adapters/node/processTree.js"
import { sandbox, tempDir } from "../helpers/cli.js"
import { connectMcp, textOf } from "../helpers/mcpClient.js"
import { alive } from "../helpers/processes.js"

const dir = tempDir("skc-escape-")
const script = (name: string, body: string) => {
  const p = join(dir, name)
  writeFileSync(p, `#!/bin/sh\n${body}\n`)
  chmodSync(p, 0o755)
  return p
}
// 3 s: long enough that a loaded machine has started every process a script starts before the timeout ends it.
const run = (program: string, timeoutMs = 3_000) =>
  Effect.runPromise(
    nodeProcessRunner.run({ program, args: [], cwd: dir, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }, timeoutMs, killGraceMs: 400 })
  )
const pidsIn = (file: string) => readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map(Number)

// Until the vitest test timeout; a run that escapes its timeout would hang far longer (the detached sleep lasts 300 s).
const BOUND = 30_000

describe("issue 19: tool runs end when they must", () => {
  it("a setsid descendant holding stdout, the tool itself still running: killed, the run returns", async () => {
    const pids = join(dir, "a.pids")
    const s = script("a.sh", `setsid sh -c 'trap "" TERM; echo $$ >> ${pids}; sleep 300' &\nwhile [ ! -s ${pids} ]; do sleep 0.05; done\necho started\nsleep 300`)
    const r = await run(s)
    expect(r.outcome).toEqual({ _tag: "TimedOut", timeoutMs: 3_000 })
    expect(r.output).toContain("started")
    for (const pid of pidsIn(pids)) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("the tool exits at once, its setsid orphan keeps stdout open: found by the run token and killed, the run keeps the tool's exit", async () => {
    const pids = join(dir, "b.pids")
    const s = script("b.sh", `setsid sh -c 'echo $$ >> ${pids}; exec sleep 300' &\nwhile [ ! -s ${pids} ]; do sleep 0.05; done\necho parent-done`)
    // A timeout far off: the orphan is ended when the tool exits, not at the timeout.
    const r = await run(s, 20_000)
    expect(r.outcome).toEqual({ _tag: "Exited", exitCode: 0 })
    expect(r.output).toContain("parent-done")
    const list = pidsIn(pids)
    expect(list.length).toBe(1)
    for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("an escapee that clears its environment is still found by ancestry while its parent lives", async () => {
    const pids = join(dir, "c.pids")
    const s = script("c.sh", `setsid env -i /bin/sh -c 'trap "" TERM; echo $$ >> ${pids}; sleep 300' &\nwhile [ ! -s ${pids} ]; do sleep 0.05; done\nwait`)
    const r = await run(s)
    expect(r.outcome._tag).toBe("TimedOut")
    for (const pid of pidsIn(pids)) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("a double fork into a new session that redirects its output away is killed too (it never held our pipes)", async () => {
    const pids = join(dir, "d.pids")
    const s = script("d.sh", `setsid sh -c 'echo $$ >> ${pids}; exec sleep 300' >/dev/null 2>&1 &\nwhile [ ! -s ${pids} ]; do sleep 0.05; done\nsleep 300`)
    const r = await run(s)
    expect(r.outcome._tag).toBe("TimedOut")
    const list = pidsIn(pids)
    expect(list.length).toBe(1)
    for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("README Security, no tool outlives skc: a tool that exits 0 leaves no background process (its group, a setsid child with the token)", async () => {
    const pids = join(dir, "e.pids")
    // Both children let go of our pipes, so the tool's exit closes them and the run completes normally.
    const s = script(
      "e.sh",
      `sh -c 'echo $$ >> ${pids}; exec sleep 77' >/dev/null 2>&1 &\n` +
        `setsid sh -c 'trap "" TERM; echo $$ >> ${pids}; exec sleep 77' >/dev/null 2>&1 &\n` +
        `while [ "$(wc -l 2>/dev/null < ${pids} || echo 0)" -lt 2 ]; do sleep 0.05; done\necho started`
    )
    // A timeout far off: the outcome must be the tool's own exit, not a timeout.
    const r = await run(s, 20_000)
    expect(r.outcome).toEqual({ _tag: "Exited", exitCode: 0 })
    expect(r.output).toContain("started")
    const list = pidsIn(pids)
    expect(list.length).toBe(2)
    for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("README Security: a background job of the tool's own group that keeps stdout open is ended at the tool's exit, not at the timeout", async () => {
    const pids = join(dir, "f.pids")
    const s = script("f.sh", `sh -c 'echo $$ >> ${pids}; exec sleep 300' &\nwhile [ ! -s ${pids} ]; do sleep 0.05; done\necho done\nexit 3`)
    const r = await run(s, 20_000)
    expect(r.outcome).toEqual({ _tag: "Exited", exitCode: 3 })
    expect(r.output).toContain("done")
    for (const pid of pidsIn(pids)) expect(alive(pid), `pid ${pid}`).toBe(false)
  }, BOUND)

  it("/proc parsing: comm with spaces and parentheses; ancestry through several hops", () => {
    expect(parseStat(42, "42 (a) b (c)) S 7 42 42 0")).toMatchObject({ pid: 42, ppid: 7, pgid: 42, zombie: false })
    expect(parseStat(43, "43 (z) Z 1 1 1")?.zombie).toBe(true)
    const table = [
      { pid: 10, ppid: 1, pgid: 10 },
      { pid: 11, ppid: 10, pgid: 10 },
      { pid: 12, ppid: 11, pgid: 12 },
      { pid: 13, ppid: 1, pgid: 13 }
    ]
    expect([...descendantsOf(10, table)].sort()).toEqual([11, 12])
    // A cycle in a corrupt table ends.
    expect(descendantsOf(99, [{ pid: 5, ppid: 6, pgid: 5 }, { pid: 6, ppid: 5, pgid: 6 }])).toEqual([])
  })

  describe("end to end: skc run --timeout and an MCP tool call", () => {
    const escapeSkill = () => {
      const sb = sandbox()
      const dir = join(sb.home, ".skillc", "skills", "escape")
      mkdirSync(join(dir, "scripts"), { recursive: true })
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: escape\nversion: 1.0.0\ndescription: Escapes its group. Use when testing.\nmodes: [Global]\nread_only: true\ntimeout: 3\n---\n\n" +
          "### detach\n\nDetach a child.\n\n#### Parameters\n\n| Name | Type | Required | Description |\n|------|------|----------|-------------|\n| pidfile | string | yes | Where to write the pid |\n\n" +
          "#### Command\n\n```bash\n./scripts/detach.sh -- {{pidfile}}\n```\n"
      )
      writeFileSync(join(dir, "scripts", "detach.sh"), `#!/bin/sh\nshift\nsetsid sh -c 'trap "" TERM; echo $$ >> "$1"; sleep 300' sh "$1" &\nwhile [ ! -s "$1" ]; do sleep 0.05; done\necho detached\nsleep 300\n`)
      chmodSync(join(dir, "scripts", "detach.sh"), 0o755)
      expect(sb.run(["approve", "escape"]).code).toBe(0)
      return sb
    }

    it.concurrent("README Security, no tool outlives skc: skc run returns success and the tool's background processes are gone", async () => {
      const sb = sandbox()
      const dir = join(sb.home, ".skillc", "skills", "background")
      mkdirSync(join(dir, "scripts"), { recursive: true })
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: background\nversion: 1.0.0\ndescription: Leaves a process behind. Use when testing.\nmodes: [Global]\nread_only: true\n---\n\n" +
          "### start\n\nStart a background sleep.\n\n#### Parameters\n\n| Name | Type | Required | Description |\n|------|------|----------|-------------|\n| pidfile | string | yes | Where to write the pids |\n\n" +
          "#### Command\n\n```bash\n./scripts/start.sh -- {{pidfile}}\n```\n"
      )
      writeFileSync(
        join(dir, "scripts", "start.sh"),
        `#!/bin/sh\nshift\nsh -c 'echo $$ >> "$1"; exec sleep 77' sh "$1" >/dev/null 2>&1 &\nsetsid sh -c 'echo $$ >> "$1"; exec sleep 77' sh "$1" >/dev/null 2>&1 &\n` +
          `while [ "$(wc -l 2>/dev/null < "$1" || echo 0)" -lt 2 ]; do sleep 0.05; done\necho started\n`
      )
      chmodSync(join(dir, "scripts", "start.sh"), 0o755)
      expect(sb.run(["approve", "background"]).code).toBe(0)
      const pids = join(sb.root, "background.pids")
      const r = await sb.runAsync(["run", "background", "start", "--arg", `pidfile=${pids}`, "--format", "json"])
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout)).toMatchObject({ success: true, exit_code: 0, output: "started\n" })
      const list = pidsIn(pids)
      expect(list.length).toBe(2)
      for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
    }, BOUND)

    // Each waits out the timeout (3 s, so that a loaded machine has started the detached child and written its pid
    // first) and the kill grace of a child that ignores SIGTERM (about 9 s): the two run side by side, each in a
    // sandbox of its own.
    it.concurrent("skc run --timeout 3: returns with the timeout envelope, the setsid child is gone", async () => {
      const sb = escapeSkill()
      const pids = join(sb.root, "cli.pids")
      const r = await sb.runAsync(["run", "escape", "detach", "--arg", `pidfile=${pids}`, "--timeout", "3", "--format", "json"])
      expect(r.code).toBe(1)
      expect(JSON.parse(r.stdout)).toMatchObject({ success: false, exit_code: 124 })
      const list = pidsIn(pids)
      expect(list.length).toBe(1)
      for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
    }, BOUND)

    it.concurrent("an MCP tool call: answered at its timeout, the setsid child is gone", async () => {
      const sb = escapeSkill()
      const pids = join(sb.root, "mcp.pids")
      const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--tools"] })
      try {
        const r = await mcp.call("escape__detach", { pidfile: pids })
        expect(r.isError).toBe(true)
        expect(textOf(r)).toContain("detached")
        const list = pidsIn(pids)
        expect(list.length).toBe(1)
        for (const pid of list) expect(alive(pid), `pid ${pid}`).toBe(false)
      } finally {
        await mcp.close()
      }
    }, BOUND)
  })
})
