import { describe, expect, it } from "vitest"
import { nameProblem, titleCase } from "../../src/domain/skillName.js"
import { parseConfigFile, parseTokenizerEnv, resolveConfig } from "../../src/domain/config.js"

describe("skill names (DECISIONS #19, #52)", () => {
  // DECISIONS #52 (issue 43): Unicode lowercase letters and digits, as skills-ref accepts them.
  it.each(["a", "my-skill", "pdf2text", "a".repeat(64), "ümlaut", "über-skill", "мой-навык", "技能"])("accepts %s", (n) => expect(nameProblem(n)).toBeUndefined())
  it.each([
    ["", "empty"],
    ["a".repeat(65), "too-long"],
    ["My-Skill", "invalid-characters"],
    ["my_skill", "invalid-characters"],
    ["НАВЫК", "invalid-characters"],
    ["Über-skill", "invalid-characters"],
    ["-x", "leading-or-trailing-hyphen"],
    ["x-", "leading-or-trailing-hyphen"],
    ["a--b", "doubled-hyphen"]
  ])("rejects %j as %s", (n, p) => expect(nameProblem(n)).toBe(p))
})

describe("RFC-0006:C-INIT title case", () => {
  it("title-cases hyphenated names", () => {
    expect(titleCase("my-cool-skill")).toBe("My Cool Skill")
    expect(titleCase("rust")).toBe("Rust")
    expect(titleCase("pdf2text")).toBe("Pdf2text")
  })
})

describe("RFC-0009:C-FILES config parsing", () => {
  it("reads tokenizer, targets and lint", () => {
    const r = parseConfigFile(
      'version = 1\n[search]\ntokenizer = "cjk"\n[targets]\nmine = "/opt/agents"\n[lint]\nSKL107 = "off"\nSKL201 = { max-lines = 300 }\n',
      "c"
    )
    expect(r.problems).toEqual([])
    expect(r.layer).toEqual({
      tokenizer: "cjk",
      targets: { mine: "/opt/agents" },
      lint: {
        SKL107: { severity: "off", options: {}, from: "c" },
        SKL201: { severity: undefined, options: { "max-lines": 300 }, from: "c", optionsFrom: { "max-lines": "c" } }
      }
    })
  })
  it("warns about a newer version and keeps known fields", () => {
    const r = parseConfigFile('version = 2\n[search]\ntokenizer = "cjk"\n', "c")
    expect(r.layer.tokenizer).toBe("cjk")
    expect(r.problems).toHaveLength(1)
    expect(r.problems[0]!.level).toBe("warning")
  })
  it.each(["version = 0", "version = -1", 'version = "1"', "version = 1.5"])("ignores the whole file for %s", (v) => {
    const r = parseConfigFile(`${v}\n[search]\ntokenizer = "cjk"\n`, "c")
    expect(r.layer).toEqual({})
    expect(r.problems.map((p) => p.level)).toEqual(["error"])
  })
  it("warns on unknown keys and sections", () => {
    const r = parseConfigFile('colour = true\n[search]\nfuzzy = 1\n[extra]\na = 1\n', "c")
    expect(r.problems.map((p) => p.message)).toEqual([
      "unknown key 'colour' in c ignored",
      "unknown key 'extra' in c ignored",
      "unknown key 'search.fuzzy' in c ignored"
    ])
  })
  it("reports malformed TOML as an error and ignores the file", () => {
    const r = parseConfigFile("[search\n", "c")
    expect(r.layer).toEqual({})
    expect(r.problems[0]!.level).toBe("error")
  })
})

describe("RFC-0009:C-RESOLUTION precedence", () => {
  it("cli > env > project > global > default, per key", () => {
    expect(resolveConfig({}).tokenizer).toBe("ascii")
    expect(resolveConfig({ global: { tokenizer: "cjk" } }).tokenizerSource).toBe("global")
    expect(resolveConfig({ global: { tokenizer: "cjk" }, project: { tokenizer: "ascii" } }).tokenizer).toBe("ascii")
    expect(resolveConfig({ project: { tokenizer: "ascii" }, envTokenizer: "cjk" }).tokenizer).toBe("cjk")
    expect(resolveConfig({ envTokenizer: "cjk", cliTokenizer: "ascii" }).tokenizerSource).toBe("cli")
    // A project file without [search] does not reset the global tokenizer.
    expect(resolveConfig({ global: { tokenizer: "cjk" }, project: { targets: { a: "/x" } } }).tokenizer).toBe("cjk")
  })
  it("merges targets and lint settings key by key", () => {
    const r = resolveConfig({
      global: { targets: { a: "/g/a", b: "/g/b" }, lint: { SKL201: { severity: "error", options: { "max-lines": 100 } } } },
      project: { targets: { b: "/p/b" }, lint: { SKL201: { severity: undefined, options: { "max-lines": 300 } } } }
    })
    expect(r.targets).toEqual({ a: "/g/a", b: "/p/b" })
    // The global value of an option the project sets too is kept as its fallback (an invalid project value overrides nothing).
    expect(r.lint.SKL201).toEqual({ severity: "error", options: { "max-lines": 300 }, fallback: { "max-lines": 100 } })
  })
  it("[discovery] plugin_dirs: project file's roots first, then the global file's, duplicates once (issue 12 item 3)", () => {
    const r = resolveConfig({ global: { pluginDirs: ["/g", "/both"] }, project: { pluginDirs: ["/both", "/p"] } })
    expect(r.pluginDirs).toEqual(["/both", "/p", "/g"])
    expect(resolveConfig({}).pluginDirs).toEqual([])
  })
  it("[discovery] plugin_dirs parses a list of paths; other values warn and are ignored", () => {
    expect(parseConfigFile('[discovery]\nplugin_dirs = ["a", "/b"]\n', "c").layer.pluginDirs).toEqual(["a", "/b"])
    const bad = parseConfigFile('[discovery]\nplugin_dirs = "a"\nother = 1\n', "c")
    expect(bad.layer.pluginDirs).toBeUndefined()
    expect(bad.problems.map((p) => p.message)).toEqual([
      "discovery.plugin_dirs in c must be an array of paths; ignored",
      "unknown key 'discovery.other' in c ignored"
    ])
    const mixed = parseConfigFile('[discovery]\nplugin_dirs = ["ok", 3, ""]\n', "c")
    expect(mixed.layer.pluginDirs).toEqual(["ok"])
    expect(mixed.problems).toHaveLength(2)
    expect(parseConfigFile("discovery = 1\n", "c").problems[0]!.message).toBe("[discovery] in c must be a table; ignored")
  })
  it("SKILLC_TOKENIZER: invalid values warn and are ignored", () => {
    expect(parseTokenizerEnv("cjk")).toEqual({ tokenizer: "cjk" })
    expect(parseTokenizerEnv(undefined)).toEqual({})
    expect(parseTokenizerEnv("klingon").problem?.level).toBe("warning")
  })
})

describe("lint settings name the file that set them (a new user's probe: with a global and a project file, which to fix)", () => {
  it("an unknown rule, an unknown option and an invalid value each name their file", async () => {
    const { resolveConfig } = await import("../../src/domain/config.js")
    const { configureRules } = await import("../../src/domain/lint/runner.js")
    const { RULES } = await import("../../src/domain/lint/registry.js")
    const global = parseConfigFile("[lint]\nSKL999 = \"off\"\nSKL201 = { max-lines = -3 }\n", "~/.skillc/config.toml").layer
    const project = parseConfigFile("[lint]\nSKL202 = { bogus = 1 }\n", ".skillc/config.toml").layer
    const { problems } = configureRules(RULES, resolveConfig({ global, project }).lint)
    expect(problems.map((p) => p.message)).toEqual([
      "unknown lint rule 'SKL999' in [lint] of ~/.skillc/config.toml; ignored",
      "lint.SKL201.max-lines in ~/.skillc/config.toml must be a positive integer; using 500",
      "unknown option 'bogus' for lint rule SKL202 in .skillc/config.toml; ignored"
    ])
  })
})
