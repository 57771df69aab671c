// Tool skills in process (issue 8, docs/tool-skills.md): the `tools`,
// `approve` and `run` use cases on the live adapters — real scripts run by
// the Node process runner, approvals in a real store — and the approval
// prompt through the Prompter port. Moved here from test/e2e/tools.test.ts,
// which keeps the CLI smoke test, the timeout kill, the 100 MB memory bound
// and the pseudo-terminal prompt.
import { execFileSync } from "node:child_process"
import { appendFileSync, cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { approve } from "../../src/app/tools/approve.js"
import { run, type RunInput } from "../../src/app/tools/run.js"
import { tools } from "../../src/app/tools/tools.js"
import { mcpToolDescriptors } from "../../src/app/tools/mcpTools.js"
import { Prompter } from "../../src/ports/Prompter.js"
import { renderApprove, renderTools, renderToolsPrompt, toolsPromptNotice } from "../../src/render/tools.js"
import { ROOT } from "../helpers/cli.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const FIXTURES = join(ROOT, "test", "fixtures", "tool-skills")

const world = () => {
  const w = diskWorld("skc-tools-")
  const store = join(w.home, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  cpSync(FIXTURES, store, { recursive: true })
  execFileSync("git", ["init", "-q", w.work])
  writeFileSync(join(w.work, "file.txt"), "hello\n")
  const runTool = (input: RunInput, options: { cwd?: string; env?: Record<string, string> } = {}) => w.run(run(input), options)
  return { ...w, store, runTool }
}

describe("issue 8: tool-skills spec §8 examples", () => {
  const w = world()

  it.live("spec §8.1 git: tools list, approval needed without a terminal, then runs in the git root", () =>
    Effect.gen(function* () {
      const list = yield* w.run(tools({ skill: "git" }))
      expect(list.tools.map((t) => t.name)).toEqual(["git_status", "git_log", "git_diff"])
      expect(list.tools[1].parameters).toEqual({
        type: "object",
        properties: { count: { type: "integer", description: "Number of commits (default: 10)", default: 10 } },
        required: [],
        additionalProperties: false
      })
      const refused = yield* failureText(w.runTool({ skill: "git", tool: "git_status" }))
      expect(refused).toContain("error: tool 'git_status' of skill 'git' needs confirmation: the skill has not been approved yet")
      expect(refused).toContain("pass --yes")
      yield* w.run(approve({ skill: "git" }))
      // git tools are not read_only: approved, but still confirmed on every run.
      expect(yield* failureText(w.runTool({ skill: "git", tool: "git_status" }))).toContain("the tool is not read_only")
      const sub = join(w.work, "deep", "er")
      mkdirSync(sub, { recursive: true })
      const status = yield* w.runTool({ skill: "git", tool: "git_status", yes: true }, { cwd: sub })
      expect(status.cwd).toBe(w.work)
      expect(status.envelope).toMatchObject({ success: true, exit_code: 0, truncated: false })
      expect(status.envelope.output).toContain("file.txt") // ran in the repository root, not in deep/er
      expect((yield* w.runTool({ skill: "git", tool: "git_diff", yes: true, args: { staged: true } })).envelope.success).toBe(true)
    }))

  it.live("a tool runs in the git root, not in an ancestor whose .skillc/ holds only fallback logs (no project, as for resolution)", () =>
    Effect.gen(function* () {
      const v = world()
      mkdirSync(join(v.root, ".skillc", "logs", "pdf"), { recursive: true })
      yield* v.run(approve({ skill: "git" }))
      expect((yield* v.runTool({ skill: "git", tool: "git_status", yes: true })).cwd).toBe(v.work)
      // A real project there (its store) is the root, as before.
      mkdirSync(join(v.root, ".skillc", "skills"), { recursive: true })
      expect((yield* v.runTool({ skill: "git", tool: "git_status", yes: true })).cwd).toBe(v.root)
    }))

  it.live("a skill file named inside a longer argument (sh -c './scripts/s.sh | sort') is refused: the project's file of that name ran, approved (a tool-skill probe); as an argument of its own it is the skill's", () =>
    Effect.gen(function* () {
      const v = world()
      const dir = join(v.store, "inl")
      mkdirSync(join(dir, "scripts"), { recursive: true })
      const tool = (name: string, command: string) => `### ${name}\n\nList.\n\n#### Command\n\n\`\`\`bash\n${command}\n\`\`\`\n\n`
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: inl\ndescription: Lists things. Use when listing.\nversion: 1.0.0\nread_only: true\n---\n\n" +
          tool("t", "sh -c './scripts/s.sh | sort'") +
          tool("js", `node -e "require('./scripts/x.js')"`) +
          tool("pinned", `sh -c '"$1" | sort' -- scripts/s.sh`) +
          tool("data", "sh -c 'cat src/main.ts | wc -l'")
      )
      writeFileSync(join(dir, "scripts", "s.sh"), "#!/bin/sh\necho SKILL\n", { mode: 0o755 })
      writeFileSync(join(dir, "scripts", "x.js"), "console.log('SKILL')\n")
      // The project's files of those names, which ran instead.
      mkdirSync(join(v.work, "scripts"), { recursive: true })
      writeFileSync(join(v.work, "scripts", "s.sh"), `#!/bin/sh\necho PROJECT; touch ${join(v.work, "PWNED")}\n`, { mode: 0o755 })
      writeFileSync(join(v.work, "scripts", "x.js"), "console.log('PROJECT')\n")
      // Approving says which tools still cannot run, and why (it approved them silently).
      v.takeWarnings()
      yield* v.run(approve({ skill: "inl" }))
      expect(v.takeWarnings().join("\n")).toContain("tool 't' still cannot run: tool 't' names './scripts/s.sh'")
      for (const [t, word] of [["t", "./scripts/s.sh"], ["js", "./scripts/x.js"]] as const) {
        const refused = yield* failureText(v.runTool({ skill: "inl", tool: t, yes: true }))
        expect(refused).toContain(`tool '${t}' names '${word}' (the skill's file ${word.slice(2)}) inside a longer argument`)
        expect(refused).toContain("pass it as an argument of its own")
      }
      expect(existsSync(join(v.work, "PWNED"))).toBe(false)
      // The advised form runs the skill's own file; a path the skill does not hold is the project's data, as before.
      expect((yield* v.runTool({ skill: "inl", tool: "pinned", yes: true })).envelope.output.trim()).toBe("SKILL")
      mkdirSync(join(v.work, "src"), { recursive: true })
      writeFileSync(join(v.work, "src", "main.ts"), "a\nb\n")
      expect((yield* v.runTool({ skill: "inl", tool: "data", yes: true })).envelope.output.trim()).toBe("2")
      const listed = yield* v.run(tools({ skill: "inl" }))
      expect(listed.tools.find((x) => x.name === "t")?.errors.map((e) => e.message).join("\n") ?? "").toContain("inside a longer argument")
    }))

  it.live("an unknown --mode is E100 (RFC-0005: option parsing failures), for run and tools; it was a bare error:", () =>
    Effect.gen(function* () {
      const v = world()
      for (const text of [yield* failureText(v.runTool({ skill: "git", tool: "git_status", mode: "Foo" })), yield* failureText(v.run(tools({ skill: "git", mode: "Foo" })))]) {
        expect(text).toMatch(/^error\[E100\]: invalid option: --mode: unknown mode 'Foo' \(expected Global, Dev, Meeting\)/)
      }
    }))

  it.live("spec §9.1: a tool skill without name or description, or with two tools of one name, runs no tool (a tool-skill probe ran them approved)", () =>
    Effect.gen(function* () {
      const v = world()
      const write = (dir: string, frontmatter: string, body: string) => {
        mkdirSync(join(v.store, dir), { recursive: true })
        writeFileSync(join(v.store, dir, "SKILL.md"), `---\n${frontmatter}version: 1.0.0\nread_only: true\n---\n\n${body}`)
      }
      const tool = (name: string) => `### ${name}\n\nSay hi.\n\n#### Command\n\n\`\`\`bash\necho hi\n\`\`\`\n\n`
      write("nodesc", "name: nodesc\n", tool("t"))
      write("noname", "description: Says hi. Use when greeting.\n", tool("t"))
      write("dups", "name: dups\ndescription: Says hi. Use when greeting.\n", tool("dup") + tool("dup") + tool("other"))
      for (const [skill, t, why] of [
        ["nodesc", "t", "missing required frontmatter field 'description'"],
        ["noname", "t", "missing required frontmatter field 'name'"],
        ["dups", "other", "duplicate tool 'dup'"],
        ["dups", "dup", "duplicate tool 'dup'"]
      ] as const) {
        yield* v.run(approve({ skill }))
        const refused = yield* failureText(v.runTool({ skill, tool: t, yes: true }))
        expect(refused).toContain(`has errors that stop tool '${t}'`)
        expect(refused).toContain(why)
      }
      // Left out of the prompt manifest, each name said once ("dup, dup" before).
      expect(toolsPromptNotice(yield* v.run(tools({ skill: "dups" })))).toBe("warning: left out of the manifest, lint errors stop them: dup, other (skc lint dups)")
      // Listed over MCP as not runnable, as any tool lint errors stop.
      const offered = yield* v.run(mcpToolDescriptors)
      for (const name of ["nodesc__t", "dups__other", "dups__dup"]) expect(offered.find((d) => d.name === name)?.description ?? "").toContain("[not runnable")
    }))

  it.live("a tool whose script the skill lacks is listed with that error, left out of the prompt manifest and not runnable over MCP (a tool-skill probe)", () =>
    Effect.gen(function* () {
      const v = world()
      const dir = join(v.store, "setup")
      mkdirSync(dir, { recursive: true })
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: setup\nversion: 1.0.0\ndescription: Sets things up. Use when setting up.\nread_only: true\n---\n\n### a\n\nRun the setup.\n\n#### Command\n\n```bash\nbash scripts/setup.sh\n```\n\n### b\n\nSay hi.\n\n#### Command\n\n```bash\necho hi\n```\n"
      )
      const listed = yield* v.run(tools({ skill: "setup" }))
      expect(listed.tools.map((t) => [t.name, t.errors.map((e) => e.message)])).toEqual([
        ["a", [expect.stringContaining("runs 'scripts/setup.sh', which the skill does not hold")]],
        ["b", []]
      ])
      expect(renderToolsPrompt(listed)).not.toContain("- a:")
      expect(renderToolsPrompt(listed)).toContain("- b:")
      yield* v.run(approve({ skill: "setup" }))
      const served = yield* v.run(mcpToolDescriptors)
      expect(served.filter((d) => d.name.startsWith("setup__")).map((d) => [d.name, d.runnable])).toEqual([
        ["setup__a", false],
        ["setup__b", true]
      ])
      expect(served.find((d) => d.name === "setup__a")?.description).toMatch(/^\[not runnable: tool 'a' runs 'scripts\/setup.sh'/)
    }))

  it.live("a script behind a wrapper (`env X=1 ./scripts/hello.sh`) the skill lacks is refused, not taken from the project (a tool-skill pass ran the project's file)", () =>
    Effect.gen(function* () {
      const v = world()
      const dir = join(v.store, "wrap")
      mkdirSync(dir, { recursive: true })
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: wrap\nversion: 1.0.0\ndescription: Says hello behind env. Use when greeting.\nread_only: true\n---\n\n### hello\n\nSay hello.\n\n#### Command\n\n```bash\nenv GREETING=hi ./scripts/hello.sh\n```\n"
      )
      // The project's own file of that name: what `env` would have found from the working directory.
      mkdirSync(join(v.work, "scripts"), { recursive: true })
      writeFileSync(join(v.work, "scripts", "hello.sh"), "#!/bin/sh\necho project\n", { mode: 0o755 })
      const listed = yield* v.run(tools({ skill: "wrap" }))
      expect(listed.tools[0]!.errors.map((e) => e.message)).toEqual([expect.stringContaining("runs './scripts/hello.sh', which the skill does not hold")])
      yield* v.run(approve({ skill: "wrap" }))
      expect(yield* failureText(v.runTool({ skill: "wrap", tool: "hello", yes: true }))).toContain("a file of the project of that name would run instead, unapproved")
    }))

  it.live("a script named inside env -S's string is refused though the skill holds it: env would find the project's (a hostile probe)", () =>
    Effect.gen(function* () {
      const v = world()
      const dir = join(v.store, "split")
      mkdirSync(join(dir, "scripts"), { recursive: true })
      writeFileSync(join(dir, "scripts", "hello.sh"), "#!/bin/sh\necho skill\n", { mode: 0o755 })
      writeFileSync(
        join(dir, "SKILL.md"),
        "---\nname: split\nversion: 1.0.0\ndescription: Says hello through env -S. Use when greeting.\nread_only: true\n---\n\n### hello\n\nSay hello.\n\n#### Command\n\n```bash\nenv -S './scripts/hello.sh a'\n```\n"
      )
      mkdirSync(join(v.work, "scripts"), { recursive: true })
      writeFileSync(join(v.work, "scripts", "hello.sh"), "#!/bin/sh\necho project\n", { mode: 0o755 })
      yield* v.run(approve({ skill: "split" }))
      expect(yield* failureText(v.runTool({ skill: "split", tool: "hello", yes: true }))).toContain("inside the string env -S splits")
      const listed = yield* v.run(tools({ skill: "split" }))
      expect(listed.tools[0]!.errors.map((e) => e.message)).toEqual([expect.stringContaining("inside the string env -S splits")])
    }))

  it.live("spec §8.2 summarize: read_only + approved runs without asking; JSON output is parsed; a changed SKILL.md needs approval again", () =>
    Effect.gen(function* () {
      expect((yield* w.run(approve({ skill: "summarize" }))).previous).toBe("new")
      const r = yield* w.runTool({ skill: "summarize", tool: "summarize_url", arg_pairs: ["url=https://example.com/a b"] })
      expect(r.envelope.parsed).toEqual({ url: "https://example.com/a b", summary: "stand-in summary", args: 1 })
      appendFileSync(join(w.store, "summarize", "SKILL.md"), "\n")
      expect(yield* failureText(w.runTool({ skill: "summarize", tool: "summarize_url", arg_pairs: ["url=x"] }))).toContain(
        "SKILL.md changed since it was approved"
      )
      expect((yield* w.run(approve({ skill: "summarize" }))).previous).toBe("changed")
      expect((yield* w.runTool({ skill: "summarize", tool: "summarize_url", arg_pairs: ["url=x"] })).envelope.success).toBe(true)
    }))

  it.live("spec §8.3 deploy: Dev mode only, always_ask even when approved, yes runs the script", () =>
    Effect.gen(function* () {
      expect(yield* w.run(tools({ skill: "deploy" }))).toMatchObject({ available: false, tools: [] })
      expect((yield* w.run(tools({ skill: "deploy", mode: "Dev" }))).tools[0].always_ask).toBe(true)
      yield* w.run(approve({ skill: "deploy" }))
      expect(yield* failureText(w.runTool({ skill: "deploy", tool: "deploy_preview" }))).toContain("always_ask")
      const r = yield* w.runTool({ skill: "deploy", tool: "deploy_preview", yes: true, arg_pairs: ["message=ship it; rm -rf /"] })
      expect(r.envelope.output).toBe("deploying: preview\nmessage: ship it; rm -rf /\nskill: deploy mode: Dev\n")
      expect(yield* failureText(w.runTool({ skill: "deploy", tool: "deploy_preview", yes: true, mode: "Global" }))).toContain(
        "not available in mode 'Global'"
      )
    }))
})

describe("skc run with the skill and the tool the other way round (sixty-sixth pass probe)", () => {
  const w = world()

  it.live("says the first word is a tool of the second, with the command as meant; an unknown pair stays 'not found'", () =>
    Effect.gen(function* () {
      const swapped = yield* failureText(w.runTool({ skill: "git_status", tool: "git" }))
      expect(swapped).toContain("skill 'git_status' not found")
      expect(swapped).toContain("'git_status' is a tool of skill 'git': skc run git git_status")
      const unknown = yield* failureText(w.runTool({ skill: "nothing_here", tool: "git" }))
      expect(unknown).toContain("skill 'nothing_here' not found")
      expect(unknown).not.toContain("is a tool of")
    }))
})

describe("issue 8: run safety (tool-skills spec §3.4-§6)", () => {
  const w = world()
  const approved = w.run(approve({ skill: "hostile", yes: true }))

  it.live("injection attempts arrive as single verbatim arguments", () =>
    Effect.gen(function* () {
      yield* approved
      const hostile = ["-rf", "--upload-pack=evil", "a b", "it's \"quoted\"", "$(id)", "`id`", "a; echo pwned", "line1\nline2", "$HOME", "*"]
      const r = yield* w.runTool({ skill: "hostile", tool: "echo_args", args: { value: hostile[0], items: hostile.slice(1) } })
      expect(r.envelope.output).toBe(hostile.map((h) => `[${h}]\n`).join(""))
      const flagged = yield* w.runTool({ skill: "hostile", tool: "echo_args", arg_pairs: ["value=--loud", "loud=false"] })
      expect(flagged.envelope.output).toBe("[--loud]\n")
    }))

  it.live("NUL bytes and missing required parameters are refused before anything runs", () =>
    Effect.gen(function* () {
      expect(yield* failureText(w.runTool({ skill: "hostile", tool: "echo_args", args: { value: "a\u0000b" } }))).toContain("NUL byte")
      expect(yield* failureText(w.runTool({ skill: "hostile", tool: "echo_args" }))).toBe("error: echo_args: missing required parameter 'value' (Any text)")
    }))

  it.live("spec §5.2: secrets of the parent environment are absent in the child; skill identity injected", () =>
    Effect.gen(function* () {
      const env = { GITHUB_TOKEN: "g", AWS_ACCESS_KEY_ID: "a", OPENAI_API_KEY: "o", ANTHROPIC_API_KEY: "x", MY_SECRET: "s", NPM_TOKEN: "n", EDITOR: "vi", LC_ALL: "C" }
      const r = yield* w.runTool({ skill: "hostile", tool: "env_dump" }, { env })
      const lines = r.envelope.output.split("\n")
      const names = lines.filter((l) => l.includes("=")).map((l) => l.split("=")[0])
      for (const secret of ["GITHUB_TOKEN", "AWS_ACCESS_KEY_ID", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "MY_SECRET", "NPM_TOKEN", "EDITOR", "SKILLC_HOME", "NO_COLOR"]) {
        expect(names).not.toContain(secret)
      }
      expect(lines).toContain("SKC_SKILL_NAME=hostile")
      expect(lines).toContain("GIBBERISH_SKILL_NAME=hostile")
      expect(lines).toContain("SKC_MODE=Global")
      expect(lines).toContain(`SKC_SKILL_DIR=${join(w.store, "hostile")}`)
      expect(lines).toContain("LC_ALL=C")
    }))

  it.live("docs/tool-skills.md, bare names on the sanitised PATH: relative and empty PATH entries are dropped, a project's `env` never runs", () =>
    Effect.gen(function* () {
      const own = world()
      yield* own.run(approve({ skill: "hostile", yes: true }))
      // The tool runs in the project root: `.`, an empty entry and `bin` would all find the project's `env`.
      mkdirSync(join(own.work, "bin"), { recursive: true })
      for (const file of [join(own.work, "env"), join(own.work, "bin", "env")]) writeFileSync(file, "#!/bin/sh\necho HIJACKED\n", { mode: 0o755 })
      const system = process.env.PATH ?? "/usr/bin:/bin"
      const r = yield* own.runTool({ skill: "hostile", tool: "env_dump" }, { env: { PATH: `.::bin:${system}:` } })
      expect(r.envelope.output).not.toContain("HIJACKED")
      const path = r.envelope.output.split("\n").find((l) => l.startsWith("PATH="))
      expect(path).toBe(`PATH=${system.split(":").filter((e) => e.startsWith("/")).join(":")}`)
    }))

  it.live("spec §9.3: missing program (127), non-executable script (126), non-zero exit are envelopes, not failures", () =>
    Effect.gen(function* () {
      expect((yield* w.runTool({ skill: "hostile", tool: "missing" })).envelope).toMatchObject({
        success: false,
        exit_code: 127,
        error: "Command not found: the skill holds no './scripts/nope.sh' (ENOENT)"
      })
      const plain = (yield* w.runTool({ skill: "hostile", tool: "not_executable" })).envelope
      expect(plain).toMatchObject({ success: false, exit_code: 126 })
      expect(plain.error).toContain("EACCES")
      expect((yield* w.runTool({ skill: "hostile", tool: "fail" })).envelope).toMatchObject({
        success: false,
        exit_code: 3,
        output: "failing\n",
        error: "Command failed with exit code 3"
      })
    }))

  it.live("programs escaping the skill root are refused (E012)", () =>
    Effect.gen(function* () {
      writeFileSync(join(w.store, "escape.sh"), "#!/bin/sh\necho escaped\n", { mode: 0o755 })
      expect(yield* failureText(w.runTool({ skill: "hostile", tool: "escape" }))).toBe("error[E012]: path escapes skill root: './../escape.sh'")
      symlinkSync("/bin/sh", join(w.store, "hostile", "scripts", "outside-link"))
      yield* w.run(approve({ skill: "hostile", yes: true }))
      expect(yield* failureText(w.runTool({ skill: "hostile", tool: "escape_link" }))).toBe("error[E012]: path escapes skill root: './scripts/outside-link'")
    }))

  it.live("spec §6.2: a skill run by path is untrusted: a warning, never auto-run, cannot be approved", () =>
    Effect.gen(function* () {
      const dir = join(w.root, "elsewhere")
      cpSync(join(FIXTURES, "summarize"), join(dir, "summarize"), { recursive: true })
      const p = join(dir, "summarize")
      w.takeWarnings()
      expect(yield* failureText(w.runTool({ skill: p, tool: "summarize_url", arg_pairs: ["url=x"] }))).toContain("untrusted")
      expect(yield* failureText(w.run(approve({ skill: p })))).toContain("outside the source stores")
      w.takeWarnings()
      expect((yield* w.runTool({ skill: p, tool: "summarize_url", arg_pairs: ["url=x"], yes: true })).envelope.success).toBe(true)
      expect(w.takeWarnings().join("\n")).toContain("warning: skill 'summarize' is outside the source stores")
    }))
})

describe("issue 8: approval through the Prompter port (spec §6.3)", () => {
  const w = world()
  const asked: Array<ReadonlyArray<string>> = []
  const answering = (answer: boolean) =>
    Prompter.of({ interactive: true, confirm: (lines) => Effect.sync(() => (asked.push(lines), answer)) })
  const summarize = { skill: "summarize", tool: "summarize_url", arg_pairs: ["url=a b"] }

  it.live("the prompt shows name, version, description and the exact command; no declines; yes approves and runs", () =>
    Effect.gen(function* () {
      const declined = yield* failureText(w.run(run(summarize).pipe(Effect.provideService(Prompter, answering(false)))))
      expect(declined).toBe("error: run of 'summarize_url' declined")
      const lines = asked[0]!.join("\n")
      expect(lines).toContain("Skill:       summarize 1.0.0")
      expect(lines).toContain("Tool:        summarize_url: Fetch and summarize a webpage.")
      expect(lines).toMatch(/Command: +\S*summarize\.sh -- 'a b'/)
      const yes = yield* w.run(run(summarize).pipe(Effect.provideService(Prompter, answering(true))))
      expect(yes.envelope.output).toContain("stand-in summary")
      // Approved at the prompt and read_only: the next run asks nothing, even without a terminal.
      expect((yield* w.runTool({ skill: "summarize", tool: "summarize_url", arg_pairs: ["url=x"] })).envelope.success).toBe(true)
      expect(asked).toHaveLength(2)
    }))
  it.live("the prompt shows control characters escaped: a value holding ESC [2K and a carriage return cannot rewrite the command line", () =>
    Effect.gen(function* () {
      // A world of its own: the test above approved summarize in its world, and an approved read-only tool asks nothing.
      const fresh = world()
      asked.length = 0
      yield* failureText(fresh.run(run({ ...summarize, arg_pairs: ["url=x\u001b[2K\rSAFE"] }).pipe(Effect.provideService(Prompter, answering(false)))))
      const lines = asked[0]!
      expect(lines.join("\n")).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
      expect(lines.find((l) => l.startsWith("Command:"))).toContain("\\x1b[2K\\rSAFE")
    }))
})

describe("issue 45 item 1: a free_text_anywhere declaration is spelled out before approval", () => {
  const w = world()
  const asked: Array<ReadonlyArray<string>> = []
  const declining = Prompter.of({ interactive: true, confirm: (lines) => Effect.sync(() => (asked.push(lines), false)) })

  it.live("issue 45 item 1: the first-run prompt and skc approve name each declared placement in words", () =>
    Effect.gen(function* () {
      yield* failureText(w.run(run({ skill: "hostile", tool: "echo_args", arg_pairs: ["value=x"] }).pipe(Effect.provideService(Prompter, declining))))
      const lines = asked[0]!.filter((l) => l.startsWith("Declared:"))
      expect(lines).toEqual([
        expect.stringMatching(/^Declared: +tool 'echo_args' places the free text of 'value' where the program may read it as an option, a setting or code — an agent chooses that text \(free_text_anywhere\): \S*args\.sh \{\{value\}\}/),
        expect.stringMatching(/^Declared: +tool 'echo_args' places the free text of 'items' /)
      ])
      // skc approve asks too, showing the same lines; declined, nothing is recorded; accepted, it is.
      asked.length = 0
      expect(yield* failureText(w.run(approve({ skill: "hostile" }).pipe(Effect.provideService(Prompter, declining))))).toBe("error: skill 'hostile' not approved")
      expect(asked[0]!.filter((l) => l.startsWith("Declared:"))).toHaveLength(2)
      const accepting = Prompter.of({ interactive: true, confirm: () => Effect.succeed(true) })
      const approved = yield* w.run(approve({ skill: "hostile" }).pipe(Effect.provideService(Prompter, accepting)))
      expect(approved.declarations).toHaveLength(2)
      expect(renderApprove(approved)).toContain("  declared: tool 'echo_args' places the free text of 'value'")
      // The commands the approval lets run are shown as written (tool-skills spec §6.3: a command preview).
      expect(approved.commands.map((c) => c.tool)).toEqual(approved.tools)
      expect(renderApprove(approved)).toMatch(/^  command: echo_args: \S*args\.sh \{\{value\}\}/m)
    }))
})

describe("skc tools names the tools that cannot run", () => {
  // Found walking skc as a tool-skill author: `skc tools` listed a tool that
  // lint errors stop (spec §9.1: fatal) like any other — an invalid type shown
  // as `string`, no command, exit 0 — while `skc run` and MCP refuse it. The
  // listing now says so: `errors` per tool in JSON (additive), a line in text.
  const w = world()
  const dir = join(w.store, "broken")
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, "SKILL.md"),
    [
      "---",
      "name: broken",
      "description: Broken tools. Use when testing.",
      "version: 1.0.0",
      "---",
      "",
      "### fine",
      "",
      "Runs.",
      "",
      "#### Command",
      "",
      "```sh",
      "echo hi",
      "```",
      "",
      "### typed",
      "",
      "A bad type.",
      "",
      "#### Parameters",
      "",
      "| Name | Type | Required | Description |",
      "|------|------|----------|-------------|",
      "| n | float | no | A number |",
      "",
      "#### Command",
      "",
      "```sh",
      "echo {{n}}",
      "```",
      ""
    ].join("\n")
  )

  it.live("tool-skills spec §9.1: a tool stopped by lint errors carries them in JSON and says so in text", () =>
    Effect.gen(function* () {
      const list = yield* w.run(tools({ skill: "broken" }))
      expect(list.tools.map((t) => [t.name, t.errors.map((e) => e.line)])).toEqual([
        ["fine", []],
        ["typed", [25, 30]]
      ])
      expect(list.tools[1].errors[0].message).toContain("'float'")
      const text = renderTools(list)
      expect(text).toContain(`  cannot run (SKILL.md:25): ${list.tools[1].errors[0].message}`)
      expect(text).toContain(`  cannot run (SKILL.md:30): ${list.tools[1].errors[1].message}`)
      expect(text.split("\ntyped")[0]).not.toContain("cannot run")
    }))
})
