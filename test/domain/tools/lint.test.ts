import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../../src/domain/lint/runner.js"
import { makeSnapshot } from "../../../src/domain/lint/snapshot.js"
import { lintToolSkill, missingScripts, scriptProblems, toolLintRules } from "../../../src/domain/tools/lint.js"
import type { ProblemKind } from "../../../src/domain/tools/model.js"

const FIXTURES = join(__dirname, "..", "..", "fixtures", "tool-skills")

describe("tool-skills spec §9 lint rules (SKL5xx)", () => {
  it("issue 8: the three spec §8 examples lint clean", () => {
    for (const name of ["git", "summarize", "deploy"]) {
      expect(lintToolSkill(readFileSync(join(FIXTURES, name, "SKILL.md"), "utf8")), name).toEqual([])
    }
  })

  it("every problem kind belongs to exactly one rule; ids are unique SKL5xx", () => {
    const kinds: ReadonlyArray<ProblemKind> = ["version-missing", "version-semver", "description-length", "field-type", "timeout-range", "modes", "no-tools", "tool-name-format", "tool-name-duplicate", "parameter-table", "parameter-type", "command", "unknown-variable", "modifier", "required-unused", "interpreter-code"]
    for (const k of kinds) expect(toolLintRules.filter((r) => r.kinds.includes(k)).length, k).toBe(1)
    const ids = toolLintRules.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^SKL5\d\d$/)
  })

  it("reports rule, severity, line and message; nothing for a plain skill", () => {
    const src = "---\nname: t\ndescription: d\ntimeout: 0\n---\n\n### Bad-Name\n\nx\n\n#### Command\n\n```\nrun {{nope}}\n```\n"
    const d = lintToolSkill(src)
    expect(d.map((x) => x.rule)).toEqual(["SKL501", "SKL505", "SKL508", "SKL513"])
    expect(d.find((x) => x.rule === "SKL505")).toMatchObject({ severity: "error", line: 4 })
    expect(d.find((x) => x.rule === "SKL508")).toMatchObject({ line: 7, name: "tool-name-format" })
    expect(lintToolSkill("---\nname: t\ndescription: d\n---\n# T\n")).toEqual([])
  })

  describe("SKL517 tool-script-present (a probe: a tool whose script is missing passed lint and approval, then failed with ENOENT)", () => {
    const skill = (command: string, files: ReadonlyArray<string>) => {
      const source = `---\nname: t\ndescription: d\nversion: 1.0.0\n---\n\n### go\n\nGo.\n\n#### Command\n\n\`\`\`\n${command}\n\`\`\`\n`
      const snapshot = makeSnapshot({
        dirName: "t",
        entries: [{ path: "SKILL.md", type: "file" }, ...files.map((path) => ({ path, type: "file" as const }))],
        markdownFiles: [{ path: "SKILL.md", source }]
      })
      return runRules(snapshot, configureRules(toolLintRules, {}).rules).filter((d) => d.rule === "SKL517")
    }

    it("names a program written as a path, and a script an interpreter runs, that the skill lacks", () => {
      const program = skill("./scripts/none.sh", [])
      expect(program).toHaveLength(1)
      expect(program[0]).toMatchObject({ severity: "warning", line: 14, message: "tool 'go' runs './scripts/none.sh', which the skill does not hold" })
      expect(skill("bash scripts/setup.sh --fast", []).map((d) => d.message)).toEqual(["tool 'go' runs 'scripts/setup.sh', which the skill does not hold"])
      expect(skill("node -r ./hook main.mjs", ["main.mjs"]).map((d) => d.message)).toEqual(["tool 'go' runs './hook', which the skill does not hold"])
      // A shell's -e takes no value (a hostile probe: `bash -e scripts/a.sh` was unseen); -o does; with -c there is no script.
      expect(skill("bash -e scripts/a.sh", []).map((d) => d.message)).toEqual(["tool 'go' runs 'scripts/a.sh', which the skill does not hold"])
      expect(skill("bash -o pipefail scripts/a.sh", []).map((d) => d.message)).toEqual(["tool 'go' runs 'scripts/a.sh', which the skill does not hold"])
      expect(skill("bash -ec 'echo hi' scripts/name.sh", [])).toEqual([])
    })

    it("looks behind a wrapper: `env X=1 ./x.sh`, `timeout 5 bash x.sh`, wrappers of wrappers (a tool-skill pass ran the project's file)", () => {
      const lacks = (w: string) => [`tool 'go' runs '${w}', which the skill does not hold`]
      expect(skill("env GREETING=hi ./scripts/hello.sh", []).map((d) => d.message)).toEqual(lacks("./scripts/hello.sh"))
      expect(skill("timeout 5 ./scripts/hello.sh", []).map((d) => d.message)).toEqual(lacks("./scripts/hello.sh"))
      expect(skill("timeout -s KILL 5 bash scripts/a.sh", []).map((d) => d.message)).toEqual(lacks("scripts/a.sh"))
      expect(skill("nice -n 5 -- ./x.sh", []).map((d) => d.message)).toEqual(lacks("./x.sh"))
      expect(skill("env X=1 timeout 5 node ./tool.mjs", []).map((d) => d.message)).toEqual(lacks("./tool.mjs"))
      // A placeholder in an assignment (the documented safe form) is data: the program after it is still looked at.
      expect(skill("env GREETING={{who}} ./scripts/hello.sh", []).map((d) => d.message)).toEqual(lacks("./scripts/hello.sh"))
      // Present, or a program found on PATH, or a value where the program would be: nothing to say.
      expect(skill("env GREETING=hi ./scripts/hello.sh", ["scripts/hello.sh"])).toEqual([])
      expect(skill("env X=1 python3 -m http.server", [])).toEqual([])
      expect(skill("timeout 5 git status", [])).toEqual([])
    })

    it("a file named inside env's split string is named, the skill's own file there or not: skc run refuses it (a hostile probe ran the project's)", () => {
      const split = (w: string) => [`tool 'go' runs '${w}': a file named inside the string env -S splits, which skc run refuses (it would be found from the project's directory): write the words apart (env X=1 ./x.sh)`]
      expect(skill("env -S './scripts/hello.sh a'", ["scripts/hello.sh"]).map((d) => d.message)).toEqual(split("./scripts/hello.sh"))
      expect(skill("env '--split-string=X=1 ./scripts/hello.sh'", ["scripts/hello.sh"]).map((d) => d.message)).toEqual(split("./scripts/hello.sh"))
      expect(skill("timeout 5 env -iS 'python3 scripts/a.py'", ["scripts/a.py"]).map((d) => d.message)).toEqual(split("scripts/a.py"))
      expect(skill('env "-S./scripts/hello.sh a"', []).map((d) => d.message)).toEqual(split("./scripts/hello.sh"))
      // A split string naming no file (a program on PATH): nothing to say.
      expect(skill("env -S 'python3 -u -c pass'", [])).toEqual([])
    })

    it("a file of the skill named inside a longer argument (sh -c './scripts/s.sh | sort', node -e \"require('./lib/x')\") is named: skc run refuses it (a tool-skill probe ran the project's); paths the skill does not hold are data", () => {
      const embedded = (w: string) => [
        `tool 'go' runs '${w}': a file of the skill named inside a longer argument, which skc run refuses (what runs the argument finds it from the project's directory, where the project's file of that name would run): pass it as an argument of its own (sh -c '"$1" | sort' -- scripts/x.sh)`
      ]
      expect(skill("sh -c './scripts/s.sh | sort'", ["scripts/s.sh"]).map((d) => d.message)).toEqual(embedded("./scripts/s.sh"))
      expect(skill(`node -e "require('./lib/x')"`, ["lib/x.js"]).map((d) => d.message)).toEqual(embedded("./lib/x"))
      expect(skill("bash -c 'x=$(scripts/s.sh); echo $x'", ["scripts/s.sh"]).map((d) => d.message)).toEqual(embedded("scripts/s.sh"))
      expect(skill(`sh -c '"$1" | sort' -- scripts/s.sh`, ["scripts/s.sh"])).toEqual([])
      expect(skill("sh -c 'cat src/main.ts | wc -l'", ["scripts/s.sh"])).toEqual([])
      expect(skill("sh -c 'cat /etc/scripts/s.sh ../scripts/s.sh'", ["scripts/s.sh"])).toEqual([])
    })

    it("is silent when the file is there and for programs on PATH", () => {
      expect(skill("./scripts/none.sh", ["scripts/none.sh"])).toEqual([])
      expect(skill("bash ./scripts/../scripts/setup.sh", ["scripts/setup.sh"])).toEqual([])
      expect(skill("node -r ./hook.js main.mjs", ["main.mjs", "hook.js"])).toEqual([])
      expect(skill("git status --short", [])).toEqual([])
      expect(skill("python3 -m http.server", [])).toEqual([])
      expect(skill("/usr/bin/env true", [])).toEqual([])
    })

    it("names what skc run refuses though a file is there: named without its extension, a directory, a path out of the skill (a hostile probe)", () => {
      expect(skill("node -r ./hook main.mjs", ["main.mjs", "hook.js"]).map((d) => d.message)).toEqual([
        "tool 'go' runs './hook': the skill's hook.js named without its extension, which skc run refuses (the program would find the project's file of that name); write './hook.js'"
      ])
      const dir = makeSnapshot({ dirName: "t", entries: [{ path: "SKILL.md", type: "file" }, { path: "scripts", type: "directory" }, { path: "scripts/x.sh", type: "directory" }], markdownFiles: [] })
      expect(scriptProblems({ program: "./scripts/x.sh", args: [], source: "./scripts/x.sh", line: 1 }, dir.lookup)).toEqual([{ word: "./scripts/x.sh", why: "a directory of the skill, not a file" }])
      expect(skill("./scripts/../../x.sh", []).map((d) => d.message)).toEqual(["tool 'go' runs './scripts/../../x.sh': a path leading out of the skill, which skc run refuses (E012)"])
      expect(skill("bash ../other/setup.sh", []).map((d) => d.message)).toEqual(["tool 'go' runs '../other/setup.sh': a path leading out of the skill, which skc run refuses (E012)"])
    })

    it("missingScripts sees what skc run would run (codeWords), and lintToolSkill, which has no files, leaves the rule out", () => {
      const command = { program: "sh", args: [[{ _tag: "Literal" as const, text: "x.sh" }]], source: "sh x.sh", line: 1 }
      expect(missingScripts(command, () => undefined)).toEqual(["x.sh"])
      expect(lintToolSkill("---\nname: t\ndescription: d\nversion: 1.0.0\n---\n\n### go\n\nGo.\n\n#### Command\n\n```\n./none.sh\n```\n")).toEqual([])
    })
  })
})
