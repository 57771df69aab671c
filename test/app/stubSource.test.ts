// DECISIONS #46 in process: where a stub skc deployed finds its source — the
// manifest's source_path, else source_rel from the nearest directory above the
// stub that holds it — and what it is when neither exists.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { probeAgentEntry } from "../../src/app/skills/agentDirs.js"
import { diskWorld } from "../helpers/worlds.js"

const STUB = "---\nname: deploy-notes\ndescription: How we deploy. Use when deploying.\n---\n# deploy-notes\n"

const stubAt = (dir: string, manifest: Record<string, unknown>) => {
  mkdirSync(join(dir, ".skillc-meta"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), STUB)
  writeFileSync(
    join(dir, ".skillc-meta", "manifest.json"),
    JSON.stringify({ skill: "deploy-notes", version: 1, built_at: "2026-11-26T00:00:00.000Z", source_hash: "x", scope: "project", ...manifest })
  )
}

describe("DECISIONS #46 a deployed stub's source", () => {
  it.live("source_path absent: source_rel from a directory above the stub; '..' in it is refused; neither: a stub whose source is missing", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-stub-source-")
      const project = join(w.work, "repo")
      const source = join(project, ".skillc", "skills", "deploy-notes")
      mkdirSync(source, { recursive: true })
      writeFileSync(join(source, "SKILL.md"), STUB + "\n## Hotfixes\n")
      const gone = "/nonexistent/webapp/.skillc/skills/deploy-notes"

      const nested = join(project, "vendor", "agents", "deploy-notes")
      stubAt(nested, { source_path: gone, source_rel: ".skillc/skills/deploy-notes" })
      const found = yield* w.run(probeAgentEntry(nested))
      expect(found).toMatchObject({ _tag: "Deployed", sourceDir: source })

      const escaping = join(project, "vendor", "escaping", "deploy-notes")
      stubAt(escaping, { source_path: gone, source_rel: "../repo/.skillc/skills/deploy-notes" })
      expect(yield* w.run(probeAgentEntry(escaping))).toMatchObject({ _tag: "Foreign", missingSource: gone })

      const orphan = join(w.work, "elsewhere", ".claude", "skills", "deploy-notes")
      stubAt(orphan, { source_path: gone })
      expect(yield* w.run(probeAgentEntry(orphan))).toMatchObject({ _tag: "Foreign", missingSource: gone })
    }))

  it.live("issue 45 item 6: a committed stub's absolute source_path, or a source_rel through a committed symlink, outside the project is not its source", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-stub-outside-")
      const project = join(w.work, "repo")
      mkdirSync(join(project, ".skillc"), { recursive: true })
      // A directory of someone else's, holding a SKILL.md and more.
      const outside = join(w.work, "private", "deploy-notes")
      mkdirSync(outside, { recursive: true })
      writeFileSync(join(outside, "SKILL.md"), STUB + "\n## Secret\n")
      writeFileSync(join(outside, "creds.txt"), "ghp_SECRET\n")

      const absolute = join(project, ".claude", "skills", "deploy-notes")
      stubAt(absolute, { source_path: outside })
      expect(yield* w.run(probeAgentEntry(absolute))).toMatchObject({
        _tag: "Foreign",
        missingSource: `${outside}, outside the project holding the stub`
      })

      // source_rel through a symlink committed in the repository: it resolves outside.
      const other = join(w.work, "other")
      mkdirSync(join(other, ".claude", "skills"), { recursive: true })
      mkdirSync(join(other, ".skillc"), { recursive: true })
      symlinkSync(join(w.work, "private"), join(other, ".skillc", "skills"))
      const viaLink = join(other, ".claude", "skills", "deploy-notes")
      stubAt(viaLink, { source_path: "/nonexistent/x", source_rel: ".skillc/skills/deploy-notes" })
      expect(yield* w.run(probeAgentEntry(viaLink))).toMatchObject({ _tag: "Foreign" })
      expect(((yield* w.run(probeAgentEntry(viaLink))) as { missingSource?: string }).missingSource).toMatch(/outside the project holding the stub$/)

      // Inside the project, both still resolve.
      const source = join(project, ".skillc", "skills", "deploy-notes")
      mkdirSync(source, { recursive: true })
      writeFileSync(join(source, "SKILL.md"), STUB)
      stubAt(absolute, { source_path: source })
      expect(yield* w.run(probeAgentEntry(absolute))).toMatchObject({ _tag: "Deployed", sourceDir: source })
      stubAt(absolute, { source_path: outside, source_rel: ".skillc/skills/deploy-notes" })
      expect(yield* w.run(probeAgentEntry(absolute))).toMatchObject({ _tag: "Deployed", sourceDir: source })
    }))
})
