/**
 * The plugin scope (issue 12 item 3, DECISIONS #38, agent-skill-protocol
 * "Directory Precedence": project > user > plugin): a plugin root named in
 * the config's `[discovery] plugin_dirs` is seen by `discover`, resolution,
 * `skc list` and the MCP server, and nothing is ever written inside it.
 */
import { createHash } from "node:crypto"
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL = (name: string, word: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill (${word}). Use when testing.\n---\n\n# ${name}\n\n## Usage\n\nRun the ${word} command.\n`

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

/** Every path, mode, mtime and byte below `dir`, hashed: any change inside shows. */
const hashTree = (dir: string): string => {
  const h = createHash("sha256")
  const walk = (rel: string) => {
    for (const d of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = rel === "" ? d.name : `${rel}/${d.name}`
      const st = lstatSync(join(dir, p))
      h.update(`${p}\0${st.mode}\0${st.mtimeMs}\0`)
      if (d.isDirectory()) walk(p)
      else h.update(readFileSync(join(dir, p)))
    }
  }
  walk("")
  return h.digest("hex")
}

describe("issue 12 item 3: [discovery] plugin_dirs", () => {
  const sb = sandbox()
  const project = join(sb.work, "proj")
  const sub = join(project, "src", "deep")
  const plugin = join(sb.work, "plugins", "acme")
  let before: string

  beforeAll(() => {
    // A relative path in the project file is relative to the project root.
    put(join(project, ".skillc/config.toml"), '[discovery]\nplugin_dirs = ["../plugins/acme"]\n')
    put(join(plugin, "skills/kilo/SKILL.md"), SKILL("kilo", "kilowatt"))
    put(join(plugin, "skills/kilo/references/api.md"), "# API\n\nkilowatt api.\n")
    mkdirSync(sub, { recursive: true })
    before = hashTree(plugin)
  })

  it("RFC-0007:C-LIST skc list --format json shows the plugin skill with scope plugin, status foreign, also under --scope agent", async () => {
    const r = await sb.runAsync(["list", "--format", "json"], sub)
    expect(r.code).toBe(0)
    const rows = (JSON.parse(r.stdout) as { skills: Array<{ name: string; scope: string; status: string }> }).skills
    expect(rows.map((s) => [s.name, s.scope, s.status])).toEqual([["kilo", "plugin", "foreign"]])
    const agent = JSON.parse((await sb.runAsync(["list", "--scope", "agent", "--format", "json"], sub)).stdout) as { skills: Array<{ name: string }> }
    expect(agent.skills.map((s) => s.name)).toEqual(["kilo"])
  })

  it("DECISIONS #38 show and search of the plugin skill work from a subdirectory; -v names the plugin rule", async () => {
    const show = await sb.runAsync(["show", "kilo", "--section", "Usage", "-v"], sub)
    expect(show.code).toBe(0)
    expect(show.stdout).toContain("Run the kilowatt command.")
    expect(show.stderr).toContain(`through the plugin directory ${join(plugin, "skills")}`)
    const search = await sb.runAsync(["search", "kilo", "kilowatt", "--format", "json"], sub)
    expect(search.code).toBe(0)
    expect((JSON.parse(search.stdout) as { results: Array<unknown> }).results.length).toBeGreaterThan(0)
    // The index lives in the cache under the skc home.
    expect(readdirSync(join(sb.home, ".skillc/cache")).some((d) => d.startsWith("kilo-"))).toBe(true)
  })

  it("agent-skill-protocol discovery: the configured plugin root is discover's default, --plugin-dir adds to it", async () => {
    put(join(sb.work, "other/skills/lima/SKILL.md"), SKILL("lima", "limestone"))
    const r = await sb.runAsync(["discover", "--plugin-dir", join(sb.work, "other"), "--format", "json"], sub)
    expect(r.code).toBe(0)
    const found = JSON.parse(r.stdout) as { skills: Array<{ name: string; scope: string }> }
    expect(found.skills.map((s) => [s.name, s.scope])).toEqual([
      ["kilo", "plugin"],
      ["lima", "plugin"]
    ])
  })

  describe("MCP", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: sub, home: sb.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("skc_list, skills/list and skill://plugin/ resources serve the plugin skill", async () => {
      const list = (await mcp.call("skc_list", {})).structuredContent as { skills: Array<{ name: string; scope: string }> }
      expect(list.skills.map((s) => [s.name, s.scope])).toEqual([["kilo", "plugin"]])
      const skills = (await mcp.extension("skills/list")).skills as Array<{ uri: string }>
      expect(skills.map((s) => s.uri)).toEqual(["skill://plugin/kilo/SKILL.md"])
      const read = (await mcp.extension("resources/read", { uri: "skill://plugin/kilo/references/api.md" })) as {
        contents: Array<{ text: string }>
      }
      expect(read.contents[0]!.text).toBe("# API\n\nkilowatt api.\n")
      expect(textOf(await mcp.call("skc_show", { skill: "kilo", section: "Usage" }))).toContain("kilowatt")
    })
  })

  it("DECISIONS #38 nothing changed inside the plugin folder", () => {
    expect(existsSync(join(plugin, "skills/kilo/.skillc-meta"))).toBe(false)
    expect(hashTree(plugin)).toBe(before)
  })
})
