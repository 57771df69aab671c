/**
 * The Skills extension (SEP-2640, "Resources"): a skill's `resources` MUST be complete, and a host reads and
 * verifies every file it lists. So every file skc lists is one `resources/read` answers: a name holding a
 * backslash (which the path rule reads as a separator) is not listed, and a skill with a file larger than one
 * answer carries (6.0 MiB) is not served by the extension, as one over the limits is not (an MCP probe: both
 * were listed with their digests and refused on read).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

const put = (file: string, data: string | Uint8Array) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, data)
}

describe("the Skills extension: every file listed is readable", () => {
  const sb = sandbox()
  const store = join(sb.work, ".skillc", "skills")
  let mcp: McpSession
  beforeAll(async () => {
    put(join(store, "edge", "SKILL.md"), "---\nname: edge\ndescription: Use when testing names.\n---\n# Edge\n")
    put(join(store, "edge", "ok.md"), "# Ok\n")
    put(join(store, "edge", "a\\b.md"), "# Backslash\n")
    put(join(store, "heavy", "SKILL.md"), "---\nname: heavy\ndescription: Use when testing sizes.\n---\n# Heavy\n")
    put(join(store, "heavy", "data.bin"), new Uint8Array(7 * 1024 * 1024))
    mcp = await connectMcp({ cwd: sb.work, home: sb.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("a name holding a backslash is neither listed nor in a directory's children; each listed file reads", async () => {
    const skill = (await mcp.extension("skills/get", { uri: "skill://project/edge/SKILL.md" })).skill as { resources: Array<{ uri: string; size: number }> }
    expect(skill.resources.map((r) => r.uri).sort()).toEqual(["skill://project/edge/SKILL.md", "skill://project/edge/ok.md"])
    for (const r of skill.resources) expect((await mcp.client.readResource({ uri: r.uri })).contents).toHaveLength(1)
    const root = (await mcp.extension("resources/directory/read", { uri: "skill://project/edge" })).resources as Array<{ uri: string }>
    expect(root.map((c) => c.uri)).toEqual(["skill://project/edge/SKILL.md", "skill://project/edge/ok.md"])
  })

  it("a skill with a file over what one resources/read carries is left out of skills/list, and skills/get says why", async () => {
    const listed = (await mcp.extension("skills/list")).skills as Array<{ uri: string }>
    expect(listed.map((s) => s.uri)).toContain("skill://project/edge/SKILL.md")
    expect(listed.map((s) => s.uri)).not.toContain("skill://project/heavy/SKILL.md")
    await expect(mcp.extension("skills/get", { uri: "skill://project/heavy/SKILL.md" })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("skill 'heavy' has a file of 7.0 MiB ('data.bin'), larger than one resources/read answer carries (6.0 MiB)")
    })
  })
})
