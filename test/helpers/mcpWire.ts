/**
 * `skc mcp` spoken to in raw JSON-RPC lines over stdio (the wire tests: test/e2e/mcp-stdio.test.ts,
 * test/e2e/mcp-envelope.test.ts).
 */
import { spawn } from "node:child_process"
import { BIN } from "./cli.js"

/** `skc mcp` (with `flags`) on a child process in a clean environment: each line it writes goes to `onLine`, its stderr gathered. */
export const spawnMcp = (cwd: string, home: string, onLine: (line: string) => void, flags: ReadonlyArray<string> = []) => {
  const child = spawn(process.execPath, [BIN, "mcp", ...flags], { cwd, env: { PATH: process.env.PATH ?? "", HOME: home, SKILLC_HOME: home, NO_COLOR: "1" } })
  let stderr = ""
  let pending = ""
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d))
  child.stdout.setEncoding("utf8").on("data", (d: string) => {
    pending += d
    let nl: number
    while ((nl = pending.indexOf("\n")) !== -1) {
      onLine(pending.slice(0, nl))
      pending = pending.slice(nl + 1)
    }
  })
  return { child, stderr: () => stderr }
}

/** Send lines one by one, each after the previous answer (or a short pause for lines with no id). */
export const converse = (cwd: string, home: string, lines: ReadonlyArray<string>) =>
  new Promise<{ stdout: Array<string>; stderr: string; code: number | null }>((resolve, reject) => {
    const stdout: Array<string> = []
    const { child, stderr } = spawnMcp(cwd, home, (line) => stdout.push(line))
    child.on("error", reject)
    child.on("close", (code) => resolve({ stdout, stderr: stderr(), code }))
    ;(async () => {
      for (const line of lines) {
        const expected = stdout.length + 1
        child.stdin.write(line + "\n")
        const hasAnswer = !/"method":"notifications\//.test(line)
        for (let waited = 0; hasAnswer && stdout.length < expected && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10))
      }
      child.stdin.end()
    })().catch(reject)
  })
