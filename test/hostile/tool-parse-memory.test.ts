// Hostile input: a SKILL.md of 100,000 headings (2.3 MB) read by the
// tool dialect's parser. `skc tools`, `skc run`, `skc approve` and `skc mcp`'s
// tool listing (every store skill, tool skill or not) parsed it with remark
// always: 16 s and 1.9 GB of memory for one skill. They now read the model
// lint reads (`parseLintAst`, src/domain/tools/parse.ts), which is the fast
// scanner for such a file. The property, not a time: the command answers in
// a process whose old generation may not pass 64 MB.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"

describe("hostile input: a SKILL.md of 100,000 headings", () => {
  it("skc tools says it declares no tools, with the old generation capped at 64 MB", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".git"))
    const dir = join(sb.work, ".skillc", "skills", "many")
    mkdirSync(dir, { recursive: true })
    let body = "# Many\n\n"
    for (let i = 0; i < 100_000; i++) body += `## H${i}\n\ntext ${i}\n\n`
    writeFileSync(join(dir, "SKILL.md"), `---\nname: many\ndescription: Many headings. Use when testing.\n---\n${body}`)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
    const r = await spawnAsync(process.execPath, ["--max-old-space-size=64", BIN, "tools", "many"], { cwd: sb.work, env })
    expect(r.stderr).not.toMatch(/heap out of memory|Allocation failed/)
    expect(r).toMatchObject({ code: 1, stderr: "error: skill 'many' declares no tools (### tool_name blocks with a #### Command section)\n" })
  })
})
