// RFC-0001:C-DEPLOYMENT fallback: when a link cannot be made, copy and warn.
import { Effect, Result, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { FileSystem, FsError } from "../../src/ports/FileSystem.js"
import { build } from "../../src/app/build/build.js"
import { buildMany } from "../../src/app/build/buildMany.js"
import { memoryWorld } from "../../src/testing.js"

describe("RFC-0001:C-DEPLOYMENT", () => {
  it("RFC-0001:C-DEPLOYMENT copies with a warning when the symlink fails", async () => {
    const w = memoryWorld({
      files: { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: d\n---\n# Demo\n" }
    })
    const noLinks = Layer.succeed(FileSystem, {
      ...w.fs,
      symlink: (_t: string, p: string) => Effect.fail(new FsError({ op: "symlink", path: p, code: "EPERM", message: "EPERM" }))
    })
    const r = await w.run(build({ skill: "demo" }).pipe(Effect.provide(noLinks)))
    const result = Result.getOrThrow(r)
    expect(result.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/demo", method: "copy", replaced: "none" }])
    expect(w.diagnostics.warnings.map((x) => x._tag === "Notice" && x.message)).toEqual([
      "cannot link '/proj/.claude/skills/demo' (EPERM); copied instead, so rebuild after each change"
    ])
    const stub = Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/SKILL.md"))
    expect(stub).toContain("## Top Sections")
    expect(Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/.skillc-meta/manifest.json"))).toContain('"skill": "demo"')
  })
})

describe("RFC-0001:C-DEPLOYMENT: a link refused, then the copy too (chattr +i on .claude/skills: EPERM, a build probe)", () => {
  it("no 'copied instead' for a copy that was never made: the error alone", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: d\n---\n# Demo\n" } })
    const eperm = (op: string, p: string) => Effect.fail(new FsError({ op, path: p, code: "EPERM", message: "EPERM" }))
    const immutable = Layer.succeed(FileSystem, {
      ...w.fs,
      symlink: (_t: string, p: string) => eperm("symlink", p),
      makeDirectory: (p: string, o?: { readonly recursive?: boolean }) => (p.startsWith("/proj/.claude/skills/") ? eperm("mkdir", p) : w.fs.makeDirectory(p, o))
    })
    const r = await w.run(build({ skill: "demo" }).pipe(Effect.provide(immutable)))
    expect(Result.isFailure(r)).toBe(true)
    expect(w.diagnostics.warnings.map((x) => JSON.stringify(x)).join("\n")).not.toContain("copied instead")
  })
})

describe("RFC-0001:C-DEPLOYMENT concurrent first builds of one skill", () => {
  it("another build's link made meanwhile (EEXIST) is this build's link: no copy, no 'copied instead'", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: d\n---\n# Demo\n" } })
    // The other build makes the same link between this build's look at the directory and its own symlink call.
    const raced = Layer.succeed(FileSystem, {
      ...w.fs,
      symlink: (t: string, p: string, type: "dir" | "file" | "junction") =>
        Effect.flatMap(w.fs.symlink(t, p, type), () => Effect.fail(new FsError({ op: "symlink", path: p, code: "EEXIST", message: "EEXIST" })))
    })
    const r = Result.getOrThrow(await w.run(build({ skill: "demo" }).pipe(Effect.provide(raced))))
    expect(r.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/demo", method: "symlink", replaced: "none" }])
    expect(JSON.stringify(w.diagnostics.warnings)).not.toContain("copied instead")
    expect(Effect.runSync(w.fs.readLink("/proj/.claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
  })
})

describe("RFC-0001:C-DEPLOYMENT on a full disk (nothing stored is lost)", () => {
  const SKILL = (more = "") => `---\nname: demo\ndescription: d\n---\n# Demo\n${more}`
  const listing = (w: ReturnType<typeof memoryWorld>) => Effect.runSync(w.fs.readDir("/proj/.claude/skills")).map((e) => e.name)
  it("a copy that fails mid-way leaves the previous copy working and nothing beside it (agents list hidden directories too); freed, the next build refreshes it", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    Result.getOrThrow(await w.run(build({ skill: "demo", copy: true })))
    const before = Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/SKILL.md"))
    Effect.runSync(w.fs.writeFile("/proj/.skillc/skills/demo/SKILL.md", SKILL("## More\n")))
    w.fs.setFull("/proj/.claude", true)
    const failed = await w.run(build({ skill: "demo", copy: true }))
    expect(Result.isFailure(failed) && failed.failure).toMatchObject({ _tag: "InternalError" })
    expect(Result.isFailure(failed) && failed.failure.message).toMatch(/^cannot deploy to '\/proj\/\.claude\/skills\/demo' \(\w+\): no space left on device \(ENOSPC\)$/)
    // The earlier copy is whole: its stub and the manifest that makes it skc's.
    expect(Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/SKILL.md"))).toBe(before)
    expect(Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/.skillc-meta/manifest.json"))).toContain('"skill": "demo"')
    expect(listing(w)).toEqual(["demo"])
    w.fs.setFull("/proj/.claude", false)
    const again = Result.getOrThrow(await w.run(build({ skill: "demo", copy: true })))
    expect(again.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/demo", method: "copy", replaced: "copy" }])
    expect(Effect.runSync(w.fs.readFileString("/proj/.claude/skills/demo/SKILL.md"))).toContain("More")
    expect(listing(w)).toEqual(["demo"])
  })
  it("a first copy that fails leaves no half-made skill behind, so the next build needs no --force", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    w.fs.setFull("/proj/.claude", true)
    Effect.runSync(w.fs.makeDirectory("/proj/.claude/skills", { recursive: true }))
    expect(Result.isFailure(await w.run(build({ skill: "demo", copy: true })))).toBe(true)
    expect(listing(w)).toEqual([])
    w.fs.setFull("/proj/.claude", false)
    Result.getOrThrow(await w.run(build({ skill: "demo", copy: true })))
    expect(listing(w)).toEqual(["demo"])
  })
  it("a copy replaced by a link: the copy goes only once the link is in place", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    Result.getOrThrow(await w.run(build({ skill: "demo", copy: true })))
    const r = Result.getOrThrow(await w.run(build({ skill: "demo" })))
    expect(r.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/demo", method: "symlink", replaced: "copy" }])
    expect(Effect.runSync(w.fs.readLink("/proj/.claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
    expect(listing(w)).toEqual(["demo"])
  })
})

describe("RFC-0001:C-DEPLOYMENT into an agent directory that cannot be written", () => {
  const SKILL = (name: string, more = "") => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n${more}`
  it("a link already right is kept: the build succeeds; a new one fails with E999 and the real reason, no copy tried", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL("demo"), "/proj/.skillc/skills/other/SKILL.md": SKILL("other") } })
    Result.getOrThrow(await w.run(build({ skill: "demo" })))
    w.fs.setReadOnly("/proj/.claude/skills")
    Effect.runSync(w.fs.writeFile("/proj/.skillc/skills/demo/SKILL.md", SKILL("demo", "## More\n")))
    const again = Result.getOrThrow(await w.run(build({ skill: "demo" })))
    expect(again.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/demo", method: "symlink", replaced: "symlink" }])
    expect(Effect.runSync(w.fs.readLink("/proj/.claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
    expect(w.diagnostics.warnings).toEqual([])
    const refused = await w.run(build({ skill: "other" }))
    expect(Result.isFailure(refused) && refused.failure).toMatchObject({
      _tag: "InternalError",
      message: "cannot deploy to '/proj/.claude/skills/other' (symlink): EROFS"
    })
    expect(JSON.stringify(w.diagnostics.warnings)).not.toContain("copied instead")
  })
})

describe("DECISIONS #9 (revised): where a build links", () => {
  const files = {
    "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: d\n---\n# Demo\n",
    "/home/u/.skillc/skills/glob/SKILL.md": "---\nname: glob\ndescription: d\n---\n# Glob\n"
  }
  it("DECISIONS #9 a project skill links from the project's agent directories, one per --target agent", async () => {
    const w = memoryWorld({ cwd: "/proj/sub", files })
    const r = Result.getOrThrow(await w.run(build({ skill: "demo", target: "claude,opencode,./mine" })))
    expect(r.deployments.map((d) => d.path)).toEqual([
      "/proj/.claude/skills/demo",
      "/proj/.opencode/skills/demo",
      "/proj/sub/mine/demo"
    ])
    // DECISIONS #46: relative inside the project, so a committed .claude/skills/ works in a clone.
    expect(Effect.runSync(w.fs.readLink("/proj/.claude/skills/demo"))).toBe("../../.skillc/runtime/demo")
  })

  it("DECISIONS #9 a global skill and --global link under the home", async () => {
    const w = memoryWorld({ files })
    expect(Result.getOrThrow(await w.run(build({ skill: "glob" }))).deployments[0]!.path).toBe("/home/u/.claude/skills/glob")
    expect(Result.getOrThrow(await w.run(build({ skill: "demo", global: true }))).deployments[0]!.path).toBe("/home/u/.claude/skills/demo")
  })

  it("DECISIONS #9 an old link under home to the project runtime is said (agents list it in every project) and left alone", async () => {
    const w = memoryWorld({ files })
    Effect.runSync(w.fs.makeDirectory("/home/u/.claude/skills", { recursive: true }))
    Effect.runSync(w.fs.makeDirectory("/proj/.skillc/runtime/demo", { recursive: true }))
    Effect.runSync(w.fs.symlink("/proj/.skillc/runtime/demo", "/home/u/.claude/skills/demo", "dir"))
    Result.getOrThrow(await w.run(build({ skill: "demo" })))
    expect(w.diagnostics.warnings.map((x) => (x._tag === "Notice" ? x.message : "")).join("\n")).toContain(
      "/home/u/.claude/skills/demo: an old link under your home still points at this project's runtime, so agents list 'demo' in every project (Claude Code lists it instead of this project's own); remove it (rm /home/u/.claude/skills/demo)"
    )
    expect(Effect.runSync(w.fs.readLink("/home/u/.claude/skills/demo"))).toBe("/proj/.skillc/runtime/demo")
  })

  it("DECISIONS #51: a user-level copy of the name warns at a project build, as Claude Code lists the user's copy; this project's old link does not", async () => {
    const w = memoryWorld({ files: { ...files, "/home/u/.claude/skills/demo/SKILL.md": "---\nname: demo\ndescription: The user's own demo.\n---\n# Mine\n" } })
    Result.getOrThrow(await w.run(build({ skill: "demo", target: "claude,opencode" })))
    expect(w.warnings()).toContain(
      "warning: /home/u/.claude/skills/demo is another 'demo': Claude Code lists the user's copy, not this project's (rename one, or remove the user's)"
    )
    // OpenCode keeps the protocol's order (the project's copy wins): nothing to say for it.
    expect(w.warnings().filter((x) => x.includes("another") && x.includes("opencode"))).toEqual([])
    const linked = memoryWorld({ files })
    Effect.runSync(linked.fs.makeDirectory("/home/u/.claude/skills", { recursive: true }))
    Effect.runSync(linked.fs.makeDirectory("/proj/.skillc/runtime/demo", { recursive: true }))
    Effect.runSync(linked.fs.symlink("/proj/.skillc/runtime/demo", "/home/u/.claude/skills/demo", "dir"))
    Result.getOrThrow(await linked.run(build({ skill: "demo" })))
    expect(linked.warnings().filter((x) => x.includes("another 'demo'"))).toEqual([])
  })
})

describe("DECISIONS #51, #53: targets one agent reads twice", () => {
  const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`
  const files = { "/proj/.skillc/skills/my-skill/SKILL.md": SKILL("my-skill"), "/proj/.skillc/skills/other/SKILL.md": SKILL("other") }
  const overlapWarnings = (w: ReturnType<typeof memoryWorld>) => w.warnings().filter((x) => x.includes("shadowing"))

  it("agents,gemini,copilot,opencode deploys all four and warns once, naming the agents, the directories and the targets to drop", async () => {
    const w = memoryWorld({ files })
    const r = Result.getOrThrow(await w.run(build({ skill: "my-skill", target: "agents,gemini,copilot,opencode" })))
    // What the user asked for is deployed, unchanged.
    expect(r.deployments.map((d) => d.path)).toEqual([
      "/proj/.agents/skills/my-skill",
      "/proj/.gemini/skills/my-skill",
      "/proj/.github/skills/my-skill",
      "/proj/.opencode/skills/my-skill"
    ])
    expect(overlapWarnings(w)).toEqual([
      "warning: Gemini CLI, GitHub Copilot and OpenCode read both .agents/skills and their own directory (.gemini/skills, .github/skills, .opencode/skills): they find 'my-skill' twice, one copy shadowing the other; drop gemini,copilot,opencode from --target (the agents target covers them)"
    ])
  })

  it("claude,cursor: Cursor reads .claude/skills too (its profile), so the cursor target can go", async () => {
    const w = memoryWorld({ files })
    Result.getOrThrow(await w.run(build({ skill: "my-skill", target: "claude,cursor" })))
    expect(overlapWarnings(w)).toEqual([
      "warning: Cursor reads both .claude/skills and its own directory (.cursor/skills): it finds 'my-skill' twice, one copy shadowing the other; drop cursor from --target (the claude target covers it)"
    ])
  })

  it("[build] targets: the warning says to drop them from the configuration", async () => {
    const w = memoryWorld({ files: { ...files, "/proj/.skillc/config.toml": '[build]\ntargets = ["agents", "gemini"]\n' } })
    Result.getOrThrow(await w.run(build({ skill: "my-skill" })))
    expect(overlapWarnings(w)).toEqual([
      "warning: Gemini CLI reads both .agents/skills and its own directory (.gemini/skills): it finds 'my-skill' twice, one copy shadowing the other; drop gemini from [build] targets (the agents target covers it)"
    ])
  })

  it("agents,codex is one directory, one deployment, no warning; claude,agents has nothing to drop (said with -v only)", async () => {
    const w = memoryWorld({ files })
    const r = Result.getOrThrow(await w.run(build({ skill: "my-skill", target: "agents,codex" })))
    expect(r.deployments.map((d) => [d.target, d.path])).toEqual([["agents,codex", "/proj/.agents/skills/my-skill"]])
    Result.getOrThrow(await w.run(build({ skill: "my-skill", target: "claude,agents" })))
    expect(overlapWarnings(w)).toEqual([])
    // Copilot, OpenCode and Amp read both; Claude Code only .claude/skills and Codex only .agents/skills: neither can go.
    expect(w.diagnostics.traces.join("\n")).toContain(
      "GitHub Copilot, OpenCode and Amp read both .claude/skills and .agents/skills: they find 'my-skill' twice, one copy shadowing the other (each target is the only one some agent reads, so none can go)"
    )
  })

  it("a global build compares the user-level directories: Copilot reads ~/.copilot/skills and ~/.agents/skills", async () => {
    const w = memoryWorld({ files })
    Result.getOrThrow(await w.run(build({ skill: "my-skill", global: true, target: "agents,copilot,claude" })))
    expect(overlapWarnings(w)).toEqual([
      "warning: GitHub Copilot reads both ~/.agents/skills and its own directory (~/.copilot/skills): it finds 'my-skill' twice, one copy shadowing the other; drop copilot from --target (the agents target covers it)"
    ])
  })

  it("several skills (and --all): one warning for all of them, not one per skill", async () => {
    const w = memoryWorld({ files })
    const r = Result.getOrThrow(await w.run(buildMany({ skills: [], all: true, target: "agents,gemini" })))
    expect(r.built).toBe(2)
    expect(overlapWarnings(w)).toEqual([
      "warning: Gemini CLI reads both .agents/skills and its own directory (.gemini/skills): it finds 'my-skill' and 'other' twice, one copy of each shadowing the other; drop gemini from --target (the agents target covers it)"
    ])
  })
})

// A kill -9 probe: `skc build .claude/skills/adoptme --force` killed after copying the directory into the store
// and before linking left the name resolving to an unbuilt store copy; E002 said "run 'skc build adoptme'",
// and that build refused the directory ("use --force … its contents will be deleted"): a loop.
describe("RFC-0001:C-DEPLOYMENT an adoption interrupted between the copy and the link", () => {
  const SKILL = "---\nname: adoptme\ndescription: Adopted skill. Use when testing.\n---\n# Adopt\n\n## Usage\n\nquux\n"
  const files = (deployed: Record<string, string>) => ({
    "/proj/.skillc/skills/adoptme/SKILL.md": SKILL,
    "/proj/.skillc/skills/adoptme/notes.md": "# Notes\n",
    ...Object.fromEntries(Object.entries(deployed).map(([k, v]) => [`/proj/.claude/skills/adoptme/${k}`, v]))
  })

  it("a destination holding the store's very files is replaced by the link, with a notice; the build by name finishes it", async () => {
    const w = memoryWorld({ files: files({ "SKILL.md": SKILL, "notes.md": "# Notes\n" }) })
    const r = Result.getOrThrow(await w.run(build({ skill: "adoptme" })))
    expect(r.deployments).toEqual([{ target: "claude", path: "/proj/.claude/skills/adoptme", method: "symlink", replaced: "forced" }])
    expect(w.diagnostics.warnings.map((x) => (x._tag === "Notice" ? x.message : ""))).toContain(
      "'/proj/.claude/skills/adoptme' holds the same files as the project store's 'adoptme' (an adoption interrupted earlier): replaced by skc's link"
    )
  })

  it("a destination whose files differ in one byte is still refused without --force", async () => {
    const w = memoryWorld({ files: files({ "SKILL.md": SKILL, "notes.md": "# Notes!\n" }) })
    const r = await w.run(build({ skill: "adoptme" }))
    expect(Result.isFailure(r) && String((r.failure as { message: string }).message)).toContain("already exists and is not a link made by skc")
  })
})

describe("a store entry that is a link to a folder of another name (a build probe)", () => {
  it("is built, deployed and resolved under its store name, not its target's: it was built as the target's name, with a false SKL104 and an rm of its own runtime advised", async () => {
    const w = memoryWorld({ files: { "/ext/bisect-src/SKILL.md": "---\nname: git-bisect\ndescription: Finds the bad commit. Use when bisecting.\n---\n# Git Bisect\n\nRun it.\n" } })
    Effect.runSync(w.fs.makeDirectory("/proj/.skillc/skills", { recursive: true }))
    Effect.runSync(w.fs.symlink("/ext/bisect-src", "/proj/.skillc/skills/git-bisect", "dir"))
    const result = Result.getOrThrow(await w.run(build({ skill: "git-bisect" })))
    expect(result.skill).toBe("git-bisect")
    expect(result.runtime).toBe("/proj/.skillc/runtime/git-bisect")
    expect(result.deployments.map((d) => d.path)).toEqual(["/proj/.claude/skills/git-bisect"])
    const said = w.diagnostics.warnings.map((x) => JSON.stringify(x)).join("\n")
    expect(said).not.toContain("bisect-src")
  })
})
