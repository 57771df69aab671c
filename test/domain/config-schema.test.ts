// Issue 15 item 4 (config half): the config file is described once, as an Effect Schema
// (RFC-0009:C-FILES, DECISIONS #35); validation walks it and docs/config.schema.json is generated from it.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import AjvModule from "ajv"
import { describe, expect, it } from "vitest"
import { configJsonSchema, parseConfigFile } from "../../src/domain/config.js"

// ajv is CommonJS: its class is the default export under Node ESM interop, or the module itself.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule }).default ?? AjvModule
const committed = JSON.parse(readFileSync(join(__dirname, "..", "..", "docs", "config.schema.json"), "utf8"))

describe("config file Schema", () => {
  it("docs/config.schema.json is the generated JSON Schema (npm run docs:config)", () => {
    expect(committed).toEqual(configJsonSchema())
  })

  it("the JSON Schema accepts what skc accepts and rejects unknown keys and bad values", () => {
    const validate = new (Ajv as unknown as new (o: object) => import("ajv").default)({ strict: false }).compile(committed)
    const good = { version: 1, search: { tokenizer: "cjk" }, targets: { docs: "./docs/skills" }, lint: { SKL108: "off", SKL107: "error", SKL201: { "max-lines": 300 }, SKL301: false } }
    expect(validate(good)).toBe(true)
    expect(parseConfigFile('version = 1\n[search]\ntokenizer = "cjk"\n[targets]\ndocs = "./docs/skills"\n[lint]\nSKL108 = "off"\nSKL201 = { max-lines = 300 }\n', "c.toml").problems).toEqual([])
    // What parseConfigFile refuses, the schema refuses too (a config probe found these two passing it).
    const refused = [{ agents: { claude: { listing_fraction: 1.5 } } }, { build: { targets: [] } }]
    for (const bad of [{ bogus: 1 }, { search: { tokenizer: "latin" } }, { targets: { x: "" } }, { lint: { SKL108: "loud" } }, { version: 0 }, ...refused]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it("unknown keys and invalid values are reported, never fatal", () => {
    const { layer, problems } = parseConfigFile('bogus = 1\n[search]\ntokenizer = "latin"\nextra = 2\n[lint]\nSKL108 = "loud"\nSKL107 = { severity = "error" }\nSKL206 = { severity = "fatal" }\nbogus_key = 1\n', "c.toml")
    expect(problems.map((p) => p.message)).toEqual([
      "unknown key 'bogus' in c.toml ignored",
      'invalid search.tokenizer "latin" in c.toml (expected "ascii" or "cjk"); ignored',
      "unknown key 'search.extra' in c.toml ignored",
      'lint.SKL108 in c.toml must be "off", "warning", "error" or a table of options; ignored',
      // A table whose severity is wrong names the key (sixty-sixth pass: it was told to be "a table of options").
      'lint.SKL206.severity in c.toml must be "off", "warning" or "error" (got "fatal"); the rule\'s setting is ignored',
      // A key that is no rule id: the key is wrong, not its value (a new-user probe, seventy-third pass).
      "unknown lint rule 'bogus_key' in [lint] of c.toml (rule ids are SKL and three digits); ignored"
    ])
    expect(layer.lint).toEqual({ SKL107: { severity: "error", options: {}, from: "c.toml", optionsFrom: {} } })
  })
})

describe("config mistakes a team makes are said where they are (a config probe)", () => {
  it("invalid TOML names its line and column; a NUL in a [targets] path is refused; a lint rule set twice in two cases is said", () => {
    const bad = parseConfigFile('version = 1\n[search]\ntokenizer = "cjk"\ntokenizer = "ascii"\n', ".skillc/config.toml")
    expect(bad.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^invalid TOML in \.skillc\/config\.toml \(line 4, column 1\): .*; file ignored$/)])
    const nul = parseConfigFile('version = 1\n[targets]\nx = "a\\u0000b"\ny = "./ok"\n', "c.toml")
    expect(nul.layer.targets).toEqual({ y: "./ok" })
    expect(nul.problems.map((p) => p.message)).toEqual(["targets.x in c.toml must be a path string without a NUL byte; ignored"])
    const twice = parseConfigFile('version = 1\n[lint]\nSKL201 = { max-lines = 100 }\nskl201 = "error"\n', "c.toml")
    expect(twice.problems.map((p) => p.message)).toEqual(["lint.skl201 in c.toml sets SKL201 again (rule ids are read without case); this one is used"])
    const shadow = parseConfigFile('version = 1\n[targets]\nclaude = "./team-skills"\n', "c.toml")
    expect(shadow.layer.targets).toEqual({ claude: "./team-skills" })
    expect(shadow.problems.map((p) => p.message)).toEqual([expect.stringMatching(/^targets\.claude in c\.toml replaces the built-in target 'claude' \(.*\): a build naming claude deploys to \.\/team-skills instead; give the directory another name to keep both$/)])
  })
})

describe("a typo in a config key or a lint rule is answered with the key meant", () => {
  it("top-level keys, table keys, rule ids and rule options", async () => {
    const { configureRules } = await import("../../src/domain/lint/runner.js")
    const { RULES } = await import("../../src/domain/lint/registry.js")
    const parsed = parseConfigFile("version = 1\n[buidl]\n[search]\nmax_file_byte = 5\n", "c.toml")
    expect(parsed.problems.map((p) => p.message)).toEqual([
      "unknown key 'buidl' in c.toml ignored; did you mean 'build'?",
      "unknown key 'search.max_file_byte' in c.toml ignored; did you mean 'search.max_file_bytes'?"
    ])
    const { problems } = configureRules(RULES, { SKL2O1: { severity: "off" }, SKL201: { options: { max_lines: 5 } } } as never)
    expect(problems.map((p) => p.message)).toEqual([
      "unknown lint rule 'SKL2O1' in [lint] configuration; ignored; did you mean 'SKL201'?",
      "unknown option 'max_lines' for lint rule SKL201; ignored; did you mean 'max-lines'?"
    ])
  })
})
