// DECISIONS #51: `[build] targets` and `[agents.<name>]` in a config file, validated like every other key.
import { describe, expect, it } from "vitest"
import { parseConfigFile, resolveConfig } from "../../src/domain/config.js"

describe("DECISIONS #51 [build] targets and [agents.<name>]", () => {
  it("reads both, no problem", () => {
    const r = parseConfigFile('[build]\ntargets = ["claude", "agents"]\n[agents.claude]\nlisting_fraction = 0.02\nentry_cap = 250\n[agents.codex]\ncontext_tokens = 272000\n', "c.toml")
    expect(r.problems).toEqual([])
    expect(r.layer.buildTargets).toEqual(["claude", "agents"])
    expect(r.layer.agents).toEqual({ claude: { listing_fraction: 0.02, entry_cap: 250 }, codex: { context_tokens: 272000 } })
  })

  it("bad values are warnings and read as absent", () => {
    const r = parseConfigFile('[build]\ntargets = "claude"\nother = 1\n[agents.claude]\nlisting_fraction = 2\nentry_cap = -1\nbudget = 3\n[agents]\nkiro = 1\n', "c.toml")
    expect(r.problems.map((p) => p.message)).toEqual([
      "build.targets in c.toml must be a non-empty array of target names or paths; ignored",
      "unknown key 'build.other' in c.toml ignored",
      "agents.claude.listing_fraction in c.toml must be a number above 0 and at most 1; ignored",
      "agents.claude.entry_cap in c.toml must be a whole number above 0; ignored",
      "unknown key 'agents.claude.budget' in c.toml ignored",
      "[agents.kiro] in c.toml must be a table; ignored"
    ])
    expect(r.layer.buildTargets).toBeUndefined()
    expect(r.layer.agents).toEqual({ claude: {} })
  })

  it("project over global: targets whole, agent overrides key by key", () => {
    const global = parseConfigFile('[build]\ntargets = ["codex"]\n[agents.claude]\nlisting_fraction = 0.02\nentry_cap = 250\n', "g").layer
    const project = parseConfigFile('[build]\ntargets = ["claude"]\n[agents.claude]\nentry_cap = 500\n', "p").layer
    const c = resolveConfig({ global, project })
    expect(c.buildTargets).toEqual(["claude"])
    expect(c.agents).toEqual({ claude: { listing_fraction: 0.02, entry_cap: 500 } })
    expect(resolveConfig({}).buildTargets).toEqual([])
  })
})
