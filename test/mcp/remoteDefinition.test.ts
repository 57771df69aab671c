// A tool definition as a team server's remote session offers it (docs/team.md, src/mcp/remoteCalls.ts):
// no argument the session refuses whatever its value. A probe (issue 47's seventy-third pass) found
// `plugin_dirs` offered by five tools over HTTP while every non-empty value was refused with E100.
import { describe, expect, it } from "vitest"
import { remoteArgumentProblem, remoteDefinition } from "../../src/mcp/remoteCalls.js"

describe("remoteDefinition", () => {
  const discover = {
    name: "skc_discover",
    description: "Skills an agent would see",
    inputSchema: {
      type: "object",
      properties: {
        skill: { type: "string", description: "Skill name or path" },
        plugin_dirs: { type: "array", items: { type: "string" }, description: "Plugin roots (<root>/skills/*/SKILL.md, lowest precedence)" },
        agent: { type: "string" }
      },
      required: ["agent", "plugin_dirs"]
    }
  }

  it("leaves out plugin_dirs, which a remote call refuses whatever its value, and says 'Skill name'", () => {
    expect(remoteArgumentProblem({ plugin_dirs: ["/srv/plugins"] })).toBeDefined()
    const offered = remoteDefinition(discover)
    expect(Object.keys(offered.inputSchema.properties)).toEqual(["skill", "agent"])
    expect(offered.inputSchema.required).toEqual(["agent"])
    expect(offered.inputSchema.properties.skill.description).toBe("Skill name")
    // The definition given is not changed (the stdio server offers it whole).
    expect(Object.keys(discover.inputSchema.properties)).toContain("plugin_dirs")
  })

  it("a definition without such an argument keeps its schema", () => {
    const list = { name: "skc_list", inputSchema: { type: "object", properties: { limit: { type: "integer" } } } }
    expect(remoteDefinition(list)).toEqual(list)
  })
})
