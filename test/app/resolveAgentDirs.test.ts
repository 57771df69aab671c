// DECISIONS #38 / RFC-0007:C-RESOLUTION: after the stores, names resolve through the agent
// skill directories, in the documented order of src/app/skills/agentDirs.ts. In memory, one test per rule.
import { Effect, Result } from "effect"
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search } from "../../src/app/search/search.js"
import { show } from "../../src/app/search/show.js"
import { build } from "../../src/app/build/build.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string, body = "") => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n\n## Usage\n\nrun the thing ${body}\n`
const MANIFEST = (name: string, source: string, scope = "project") =>
  JSON.stringify({ skill: name, version: 1, built_at: "2026-01-01T00:00:00Z", source_hash: "0".repeat(64), source_path: source, scope })
const hash8 = (p: string) => createHash("sha256").update(p).digest("hex").slice(0, 8)

/** A skill deployed by skc from project `root`: source, runtime with manifest, and a link at `linkAt`. */
const deployed = (w: ReturnType<typeof memoryWorld>, root: string, name: string, linkAt: string) => {
  w.fs.seed({
    [`${root}/.skillc/skills/${name}/SKILL.md`]: SKILL(name),
    [`${root}/.skillc/runtime/${name}/SKILL.md`]: "stub",
    [`${root}/.skillc/runtime/${name}/.skillc-meta/manifest.json`]: MANIFEST(name, `${root}/.skillc/skills/${name}`)
  })
  Effect.runSync(w.fs.makeDirectory(linkAt.slice(0, linkAt.lastIndexOf("/")), { recursive: true }))
  Effect.runSync(w.fs.symlink(`${root}/.skillc/runtime/${name}`, linkAt, "dir"))
}

describe("DECISIONS #38 resolution through agent directories", () => {
  it("DECISIONS #38 the stores come first: a project store skill wins over an agent directory entry", async () => {
    const w = memoryWorld({
      files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL("demo"), "/proj/.claude/skills/demo/SKILL.md": SKILL("demo") }
    })
    const r = Result.getOrThrow(await w.run(resolveSkill("demo")))
    expect([r.scope, r.sourceDir]).toEqual(["project", "/proj/.skillc/skills/demo"])
  })

  it("DECISIONS #38 the global store comes before the agent directories", async () => {
    const w = memoryWorld({
      files: { "/home/u/.skillc/skills/demo/SKILL.md": SKILL("demo"), "/proj/.claude/skills/demo/SKILL.md": SKILL("demo") }
    })
    expect(Result.getOrThrow(await w.run(resolveSkill("demo"))).scope).toBe("global")
  })

  it("DECISIONS #38 a skc deployment in a project agent directory resolves to its manifest's source and runtime", async () => {
    const w = memoryWorld({ cwd: "/projects/b/sub" })
    deployed(w, "/projects/a", "demo", "/projects/b/.claude/skills/demo")
    const r = Result.getOrThrow(await w.run(resolveSkill("demo")))
    expect(r).toMatchObject({ scope: "agent-project", sourceDir: "/projects/a/.skillc/skills/demo", runtimeDir: "/projects/a/.skillc/runtime/demo" })
    expect(r.foreign).toBeUndefined()
    expect(w.diagnostics.traces.join("\n")).toContain("through the agent-project directory /projects/b/.claude/skills (claude): deployed by skc")
  })

  it("DECISIONS #38 a foreign skill resolves as its own source with runtime data in the cache", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.claude/skills/foreign/SKILL.md": SKILL("foreign") } })
    const r = Result.getOrThrow(await w.run(resolveSkill("foreign")))
    expect(r).toMatchObject({
      scope: "agent-project",
      sourceDir: "/projects/b/.claude/skills/foreign",
      runtimeDir: `/home/u/.skillc/cache/foreign-${hash8("/projects/b/.claude/skills/foreign")}`,
      foreign: true
    })
    expect(w.diagnostics.traces.join("\n")).toContain("foreign skill /projects/b/.claude/skills/foreign")
  })

  it("DECISIONS #38 project level nearest the cwd first, then ancestors, then the user level", async () => {
    const w = memoryWorld({
      cwd: "/projects/b/sub",
      files: {
        "/projects/b/sub/.claude/skills/x/SKILL.md": SKILL("x"),
        "/projects/b/.claude/skills/x/SKILL.md": SKILL("x"),
        "/projects/b/.claude/skills/y/SKILL.md": SKILL("y"),
        "/home/u/.claude/skills/y/SKILL.md": SKILL("y"),
        "/home/u/.claude/skills/z/SKILL.md": SKILL("z")
      }
    })
    expect(Result.getOrThrow(await w.run(resolveSkill("x"))).sourceDir).toBe("/projects/b/sub/.claude/skills/x")
    expect(Result.getOrThrow(await w.run(resolveSkill("y"))).sourceDir).toBe("/projects/b/.claude/skills/y")
    const z = Result.getOrThrow(await w.run(resolveSkill("z")))
    expect([z.scope, z.sourceDir]).toEqual(["agent-user", "/home/u/.claude/skills/z"])
  })

  it("DECISIONS #38 at one level the agents go in their documented order (claude before cursor before opencode)", async () => {
    const w = memoryWorld({
      cwd: "/projects/b",
      files: {
        "/projects/b/.opencode/skills/x/SKILL.md": SKILL("x"),
        "/projects/b/.cursor/skills/x/SKILL.md": SKILL("x"),
        "/projects/b/.opencode/skills/y/SKILL.md": SKILL("y"),
        "/home/u/.claude/skills/y/SKILL.md": SKILL("y")
      }
    })
    expect(Result.getOrThrow(await w.run(resolveSkill("x"))).sourceDir).toBe("/projects/b/.cursor/skills/x")
    // Any project level comes before any user level.
    expect(Result.getOrThrow(await w.run(resolveSkill("y"))).sourceDir).toBe("/projects/b/.opencode/skills/y")
  })

  it("DECISIONS #38 an old link under home to another project's runtime resolves to that project's source", async () => {
    const w = memoryWorld({ cwd: "/elsewhere" })
    deployed(w, "/projects/a", "demo", "/home/u/.claude/skills/demo")
    const r = Result.getOrThrow(await w.run(resolveSkill("demo")))
    expect(r).toMatchObject({ scope: "agent-user", sourceDir: "/projects/a/.skillc/skills/demo", runtimeDir: "/projects/a/.skillc/runtime/demo" })
  })

  it("DECISIONS #38 invalid metadata is skipped; a directory without SKILL.md is E010; nothing at all is E001", async () => {
    const w = memoryWorld({
      cwd: "/projects/b",
      files: {
        "/projects/b/.claude/skills/bad/SKILL.md": "---\nname: Bad Name\n---\n",
        "/home/u/.claude/skills/bad/SKILL.md": SKILL("bad"),
        "/projects/b/.claude/skills/hollow/notes.md": "x"
      }
    })
    expect(Result.getOrThrow(await w.run(resolveSkill("bad"))).sourceDir).toBe("/home/u/.claude/skills/bad")
    const hollow = await w.run(resolveSkill("hollow"))
    expect(Result.isFailure(hollow) && hollow.failure._tag).toBe("NotASkill")
    const ghost = await w.run(resolveSkill("ghost"))
    expect(Result.isFailure(ghost) && ghost.failure._tag).toBe("SkillNotFound")
  })

  it("E001 for a skill grouped below an agent directory (.agents/skills/<group>/…/<name>, docs/resolution.md step 4) says where it is and to name it by its path", async () => {
    const w = memoryWorld({
      cwd: "/projects/g",
      files: {
        "/projects/g/.git/HEAD": "ref: refs/heads/main\n",
        "/projects/g/.agents/skills/tools/foo/SKILL.md": SKILL("foo"),
        "/projects/g/.agents/skills/tools/deep/er/bar/SKILL.md": SKILL("bar"),
        // A skill's own folders hold no skills: `baz` inside `qux` is no grouped skill.
        "/projects/g/.agents/skills/qux/SKILL.md": SKILL("qux"),
        "/projects/g/.agents/skills/qux/refs/baz/SKILL.md": SKILL("baz")
      }
    })
    const failed = async (name: string) => {
      const r = await w.run(resolveSkill(name))
      return Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : `resolved or another error: ${String(r)}`
    }
    expect(await failed("foo")).toBe(
      "skill 'foo' not found\n.agents/skills/tools/foo is a skill grouped below an agent directory, and skc resolves a name only directly in one: name it by its path (e.g. 'skc outline .agents/skills/tools/foo')"
    )
    expect(await failed("bar")).toContain(".agents/skills/tools/deep/er/bar is a skill grouped below an agent directory")
    expect(await failed("baz")).not.toContain("grouped")
    // By its path it resolves.
    expect(Result.getOrThrow(await w.run(resolveSkill(".agents/skills/tools/foo"))).sourceDir).toBe("/projects/g/.agents/skills/tools/foo")
  })

  it("the frontmatter name of a skill kept under another directory name resolves to that directory, as discover and load list it", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.claude/skills/pdf/SKILL.md": SKILL("internal-comms") } })
    expect(Result.getOrThrow(await w.run(resolveSkill("pdf"))).sourceDir).toBe("/projects/b/.claude/skills/pdf")
    const byName = Result.getOrThrow(await w.run(resolveSkill("internal-comms")))
    expect(byName.sourceDir).toBe("/projects/b/.claude/skills/pdf")
    // The same resolution as the directory's name: the same runtime, so one access log and one index.
    expect(byName.runtimeDir).toBe(Result.getOrThrow(await w.run(resolveSkill("pdf"))).runtimeDir)
  })

  it("E001 says which name resolves when a build asks by the frontmatter name (no agent directories, DECISIONS #38)", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.skillc/skills/pdf/SKILL.md": SKILL("internal-comms") } })
    expect(Result.getOrThrow(await w.run(resolveSkill("internal-comms"))).sourceDir).toBe("/projects/b/.skillc/skills/pdf")
    const r = await w.run(resolveSkill("internal-comms", { agentDirs: false }))
    const text = Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : ""
    expect(text).toBe(
      "skill 'internal-comms' not found\n.skillc/skills/pdf/SKILL.md names itself 'internal-comms', but skc finds a skill by its directory: use 'pdf' (SKL104: the name should match the directory)"
    )
  })

  it("a frontmatter name two skills claim resolves to the first in resolution order, as discover and load take it; one written decomposed is the same name", async () => {
    const w = memoryWorld({
      cwd: "/projects/b",
      files: {
        "/projects/b/.agents/skills/docs/SKILL.md": SKILL("internal-comms"),
        "/projects/b/.claude/skills/zeta/SKILL.md": SKILL("internal-comms"),
        "/projects/b/.claude/skills/pdf/SKILL.md": SKILL("internal-comms"),
        "/projects/b/.claude/skills/menu/SKILL.md": SKILL("cafe\u0301")
      }
    })
    expect(Result.getOrThrow(await w.run(resolveSkill("internal-comms"))).sourceDir).toBe("/projects/b/.claude/skills/pdf")
    expect(Result.getOrThrow(await w.run(resolveSkill("caf\u00e9"))).sourceDir).toBe("/projects/b/.claude/skills/menu")
  })

  it("a frontmatter name whose directory's name resolves to another skill first is not that other skill", async () => {
    const w = memoryWorld({
      cwd: "/projects/b",
      files: { "/projects/b/.claude/skills/pdf/SKILL.md": SKILL("internal-comms"), "/projects/b/.skillc/skills/pdf/SKILL.md": SKILL("pdf") }
    })
    const r = await w.run(resolveSkill("internal-comms"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
  })

  it("E001 for a name whose only directory has frontmatter skc cannot read says where it is and why (not 'run skc list')", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.claude/skills/badyaml/SKILL.md": '---\nname: badyaml\ndescription: "unterminated\n---\n# Bad\n' } })
    const r = await w.run(resolveSkill("badyaml"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
    const text = Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : ""
    expect(text).toMatch(/^skill 'badyaml' not found\n\.claude\/skills\/badyaml is there, but skc cannot read it as a skill: SKL100 .*YAML.*; run 'skc lint \.claude\/skills\/badyaml'$/)
  })

  it("DECISIONS #38 `build` resolves through stores and paths only and never touches a foreign directory", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.skillc/skills/.keep": "", "/projects/b/.claude/skills/foreign/SKILL.md": SKILL("foreign") } })
    const r = await w.run(build({ skill: "foreign" }))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
    expect(Effect.runSync(w.fs.readDir("/projects/b/.claude/skills/foreign")).map((e) => e.name)).toEqual(["SKILL.md"])
  })

  it("DECISIONS #38 `build` of a path that is not there suggests no foreign name (build cannot take it): it says how to adopt it", async () => {
    // From src/api, `.claude/skills/foreign` is no path; its close name `foreign` resolves only as a foreign skill,
    // so "did you mean 'foreign'?" failed again when run as printed.
    const w = memoryWorld({
      cwd: "/projects/b/src/api",
      files: { "/projects/b/.skillc/skills/mine/SKILL.md": SKILL("mine"), "/projects/b/.claude/skills/foreign/SKILL.md": SKILL("foreign") }
    })
    const detail = async (skill: string) => {
      const r = await w.run(build({ skill }))
      return Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : ""
    }
    expect(await detail(".claude/skills/foreign")).toBe(
      "skill '.claude/skills/foreign' not found\n" +
        "'foreign' is a skill in an agent directory that skc did not build (/projects/b/.claude/skills/foreign); adopt it with: skc build /projects/b/.claude/skills/foreign --force"
    )
    // A store skill close to the name is suggested as before, and a foreign one beside it is left out.
    w.fs.seed({ "/projects/b/.claude/skills/mina/SKILL.md": SKILL("mina") })
    expect(await detail("mne")).toBe("skill 'mne' not found\ndid you mean 'mine'?")
    expect(Effect.runSync(w.fs.readDir("/projects/b/.claude/skills/foreign")).map((e) => e.name)).toEqual(["SKILL.md"])
  })

  it("`build` of a compiled runtime (a deployed stub, .skillc/runtime/<name>) refuses to import it, even with --force: the source stays", async () => {
    // Before, E050 offered --force, which replaced the author's source with the stub.
    const w = memoryWorld({ cwd: "/proj" })
    deployed(w, "/proj", "demo", "/proj/.claude/skills/demo")
    w.fs.seed({ "/proj/.skillc/runtime/demo/SKILL.md": SKILL("demo", "stub") })
    const failure = async (skill: string) => {
      const r = await w.run(build({ skill, force: true }))
      return Result.isFailure(r) && r.failure._tag === "UsageError" ? [r.failure.text, ...(r.failure.detail ?? [])].join("\n") : ""
    }
    for (const [given, shown] of [[".claude/skills/demo", ".claude/skills/demo"], [".skillc/runtime/demo", ".skillc/runtime/demo"]]) {
      expect(await failure(given!)).toBe(
        `'${shown}' is a skill skc compiled (a stub beside .skillc-meta/manifest.json), not a source to import\nbuild its source instead: skc build .skillc/skills/demo`
      )
    }
    expect(Effect.runSync(w.fs.readFileString("/proj/.skillc/skills/demo/SKILL.md"))).toBe(SKILL("demo"))
    expect(Effect.runSync(w.fs.readDir("/proj/.skillc/skills/demo")).map((e) => e.name)).toEqual(["SKILL.md"])
  })

  it("`build <name>` of a stub skc deployed whose source is gone says so, and offers no adoption that would import the stub", async () => {
    const w = memoryWorld({ cwd: "/proj" })
    deployed(w, "/proj", "demo", "/proj/.claude/skills/demo")
    w.fs.seed({ "/proj/.skillc/runtime/demo/SKILL.md": SKILL("demo", "stub") })
    Effect.runSync(w.fs.remove("/proj/.skillc/skills/demo", { recursive: true }))
    const r = await w.run(build({ skill: "demo" }))
    const text = Result.isFailure(r) && r.failure._tag === "SkillNotFound" ? [r.failure.text, ...r.failure.detail].join("\n") : ""
    expect(text).toBe(
      "skill 'demo' not found\n" +
        ".claude/skills/demo is a stub skc deployed, not a source: build the skill where its source (/proj/.skillc/skills/demo) is, or remove .claude/skills/demo if that source is gone"
    )
    const adopted = await w.run(build({ skill: ".claude/skills/demo", force: true }))
    expect(Result.isFailure(adopted) && adopted.failure._tag === "UsageError" ? adopted.failure.detail : []).toEqual([
      "its source (/proj/.skillc/skills/demo) is not here: build the skill where its source is (in a clone: skc build --all)"
    ])
    expect(Effect.runSync(w.fs.statOption("/proj/.skillc/skills/demo"))).toBeUndefined()
  })

  it("DECISIONS #38 search and show build a foreign skill's index in the cache on demand, and refresh it when stale", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/projects/b/.claude/skills/foreign/SKILL.md": SKILL("foreign", "alpha") } })
    const found = Result.getOrThrow(await w.run(search({ skill: "foreign", query: "alpha" })))
    expect(found.results.map((x) => x.section)).toContain("Usage")
    const cache = `/home/u/.skillc/cache/foreign-${hash8("/projects/b/.claude/skills/foreign")}`
    expect([...w.searchIndex.stored.keys()].some((p) => p.startsWith(`${cache}/.skillc-meta/search-`))).toBe(true)
    expect(Effect.runSync(w.fs.readDir("/projects/b/.claude/skills/foreign")).map((e) => e.name)).toEqual(["SKILL.md"])
    w.fs.seed({ "/projects/b/.claude/skills/foreign/SKILL.md": SKILL("foreign", "omega") + "\n## Extra\n\nmore\n" })
    expect(Result.getOrThrow(await w.run(show({ skill: "foreign", section: "Extra" }))).content).toBe("## Extra\n\nmore\n")
    expect(Result.getOrThrow(await w.run(search({ skill: "foreign", query: "omega" }))).results.length).toBeGreaterThan(0)
  })

  it("DECISIONS #38 a skill in a store keeps the RFC's E002 instead of indexing on demand", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL("demo") } })
    const r = await w.run(search({ skill: "demo", query: "thing" }))
    expect(Result.isFailure(r) && r.failure._tag).toBe("IndexUnusable")
  })

  it("DECISIONS #38 plugin roots of [discovery] plugin_dirs come last: after the user level, project file's before the global file's", async () => {
    const w = memoryWorld({
      cwd: "/projects/b/sub",
      files: {
        "/projects/b/.skillc/config.toml": '[discovery]\nplugin_dirs = ["plugins/p1", "~/tilde"]\n',
        "/home/u/.skillc/config.toml": '[discovery]\nplugin_dirs = ["/opt/p2", "rel"]\n',
        "/home/u/.claude/skills/both/SKILL.md": SKILL("both"),
        "/projects/b/plugins/p1/skills/both/SKILL.md": SKILL("both"),
        "/projects/b/plugins/p1/skills/first/SKILL.md": SKILL("first"),
        "/opt/p2/skills/first/SKILL.md": SKILL("first"),
        "/opt/p2/skills/second/SKILL.md": SKILL("second"),
        "/home/u/rel/skills/third/SKILL.md": SKILL("third"),
        "/home/u/tilde/skills/fourth/SKILL.md": SKILL("fourth")
      }
    })
    // The user level wins over a plugin.
    expect(Result.getOrThrow(await w.run(resolveSkill("both"))).scope).toBe("agent-user")
    // The project file's plugin (relative to the project root) before the global file's.
    const first = Result.getOrThrow(await w.run(resolveSkill("first")))
    expect(first).toMatchObject({
      scope: "plugin",
      sourceDir: "/projects/b/plugins/p1/skills/first",
      runtimeDir: `/home/u/.skillc/cache/first-${hash8("/projects/b/plugins/p1/skills/first")}`,
      foreign: true
    })
    expect(w.diagnostics.traces.join("\n")).toContain("through the plugin directory /projects/b/plugins/p1/skills (plugin): foreign skill")
    expect(Result.getOrThrow(await w.run(resolveSkill("second"))).sourceDir).toBe("/opt/p2/skills/second")
    // A relative path in the global file is relative to the skc home.
    expect(Result.getOrThrow(await w.run(resolveSkill("third"))).sourceDir).toBe("/home/u/rel/skills/third")
    expect(Result.getOrThrow(await w.run(resolveSkill("fourth"))).sourceDir).toBe("/home/u/tilde/skills/fourth")
    expect(w.diagnostics.traces.join("\n")).toContain("plugin dirs: /projects/b/plugins/p1, /home/u/tilde, /opt/p2, /home/u/rel")
    // Searching a plugin skill indexes into the cache, never inside the plugin.
    Result.getOrThrow(await w.run(search({ skill: "second", query: "thing" })))
    expect(Effect.runSync(w.fs.readDir("/opt/p2/skills/second")).map((e) => e.name)).toEqual(["SKILL.md"])
  })

  it("DECISIONS #38 without plugin_dirs a plugin folder is invisible to resolution", async () => {
    const w = memoryWorld({ cwd: "/projects/b", files: { "/opt/p2/skills/second/SKILL.md": SKILL("second") } })
    const r = await w.run(resolveSkill("second"))
    expect(Result.isFailure(r) && r.failure._tag).toBe("SkillNotFound")
  })
})
