// RFC-0001:C-DEPLOYMENT fallback: when a link cannot be made, copy and warn.
import { Effect, Either, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { FileSystem, FsError } from "../../src/ports/FileSystem.js"
import { build } from "../../src/app/build.js"
import { memoryWorld } from "../helpers/memory.js"

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
    const result = Either.getOrThrow(r)
    expect(result.deployments).toEqual([{ target: "claude", path: "/home/u/.claude/skills/demo", method: "copy", replaced: "none" }])
    expect(w.diagnostics.warnings.map((x) => x._tag === "Notice" && x.message)).toEqual([
      "cannot link '/home/u/.claude/skills/demo' (EPERM); copied instead, so rebuild after each change"
    ])
    const stub = Effect.runSync(w.fs.readFileString("/home/u/.claude/skills/demo/SKILL.md"))
    expect(stub).toContain("## Top Sections")
    expect(Effect.runSync(w.fs.readFileString("/home/u/.claude/skills/demo/.skillc-meta/manifest.json"))).toContain('"skill": "demo"')
  })
})
