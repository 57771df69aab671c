// Issue 18 / issue 28 item 4: `skc sync --to` in process, on the memory world
// and a team store that keeps what it is sent. The machine and user hashes
// come from the Env port (no `node:os` in the command spec), and the rows sent
// are reported through the Progress port, per skill.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { recordedBuild, recordedShow } from "../../src/app/recorded.js"
import { teamPush } from "../../src/app/usage/teamPush.js"
import { identityHash } from "../../src/domain/teamRows.js"
import { nodeHasher } from "../../src/adapters/node/NodeHasher.js"
import { Progress } from "../../src/ports/Progress.js"
import { keepingStore } from "../helpers/keepingStore.js"
import { memoryWorld } from "../../src/testing.js"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { diskWorld } from "../helpers/worlds.js"
import { makeLogDb } from "../helpers/logs.js"
import { Env } from "../../src/ports/Env.js"
import { makeMemoryEnv } from "../../src/adapters/memory/MemoryEnv.js"

const SKILL = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Setup\n\nInstall it.\n"

describe("issue 18 teamPush (sync --to) in process", () => {
  it.effect("tags the rows with the hashes of Env's host and user names; Progress counts them per skill", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL } })
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), world.layer)
      // The memory log keeps its rows in memory; teamPush first looks for the log's file, as on disk.
      world.fs.seed({ "/proj/.skillc/runtime/demo/.skillc-meta/logs.db": "" })
      const store = keepingStore()
      const seen: Array<string> = []
      const progress = {
        start: (label: string, total: number, unit?: string) => void seen.push(`start ${label} ${total} ${unit}`),
        update: (done: number) => void seen.push(`update ${done}`),
        stop: () => void seen.push("stop")
      }
      const result = yield* teamPush({ to: "postgres://team.example/db" }).pipe(
        Effect.provideService(Progress, progress),
        Effect.provide(Layer.merge(world.layer, store.layer))
      )
      const machine = identityHash(nodeHasher.sha256Hex, "machine", "memory-host")
      const user = identityHash(nodeHasher.sha256Hex, "user", "memory-user")
      expect(result).toMatchObject({ machine, user, rows: 2, added: 2, skills: [{ skill: "demo", rows: 2, added: 2 }] })
      expect([...store.rows.values()].map((r) => [r.machine, r.user])).toEqual([
        [machine, user],
        [machine, user]
      ])
      expect(seen).toEqual(["start Pushing demo 2 rows", "update 2", "stop"])
    })
  )

  it.effect("docs/team.md: no login name leaves in a row's paths either (cwd and skill_path have the home written ~)", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ cwd: "/home/alice/projects/webapp", home: "/home/alice", files: { "/home/alice/projects/webapp/.skillc/skills/demo/SKILL.md": SKILL } })
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), world.layer)
      world.fs.seed({ "/home/alice/projects/webapp/.skillc/runtime/demo/.skillc-meta/logs.db": "" })
      const store = keepingStore()
      yield* teamPush({ to: "postgres://team.example/db" }).pipe(Effect.provide(Layer.merge(world.layer, store.layer)))
      const rows = [...store.rows.values()]
      expect(rows.map((r) => [r.cwd, r.skill_path])).toEqual([
        ["~/projects/webapp", "~/projects/webapp/.skillc/skills/demo"],
        ["~/projects/webapp", "~/projects/webapp/.skillc/skills/demo"]
      ])
    })
  )

  it.effect("docs/team.md 'Row identity': a log keeps whom it was first pushed as, so a new host name or a new owner pushes nothing twice", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL } })
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), world.layer)
      world.fs.seed({ "/proj/.skillc/runtime/demo/.skillc-meta/logs.db": "" })
      const store = keepingStore()
      const push = (env?: { readonly hostName: string; readonly userName: string }) =>
        teamPush({ to: "postgres://team.example/db" }).pipe(
          // Inside the world's layer, so that this Env is the one the push reads.
          env === undefined ? (e) => e : Effect.provideService(Env, makeMemoryEnv({ cwd: "/proj", home: "/home/u", ...env })),
          Effect.provide(Layer.merge(world.layer, store.layer))
        )
      const first = yield* push()
      expect([first.rows, first.added]).toEqual([2, 2])
      // The laptop renamed between networks, then the log read by another user: the same rows, the same ids.
      const renamed = yield* push({ hostName: "vm.local", userName: "memory-user" })
      const chowned = yield* push({ hostName: "vm.local", userName: "operator" })
      expect([renamed.added, chowned.added, store.rows.size]).toEqual([0, 0, 2])
      const machine = identityHash(nodeHasher.sha256Hex, "machine", "memory-host")
      expect([...store.rows.values()].every((r) => r.machine === machine)).toBe(true)
      // The result names the identity the rows went under, not only this host's (a probe filtered
      // `stats --machine <printed hash>` after a rename and found nothing).
      const renamedHost = identityHash(nodeHasher.sha256Hex, "machine", "vm.local")
      expect(renamed.machine).toBe(renamedHost)
      expect(renamed.skills).toEqual([{ skill: "demo", rows: 2, added: 0, machine }])
      expect(first.skills).toEqual([{ skill: "demo", rows: 2, added: 2 }])
      const { renderTeamPushLine } = yield* Effect.promise(() => import("../../src/commands/sync.js"))
      expect(renderTeamPushLine(renamed)).toContain(`machine ${machine}, user ${first.user}, as recorded at the logs' first push (this host now hashes to ${renamedHost})`)
      expect(renderTeamPushLine(first)).toContain(`machine ${machine}, user ${first.user})`)
    })
  )

  it.live("a sandboxed agent's rows waiting in the cwd's fallback log are not pushed, and the push says so with the step that brings them in (RFC-0007:C-LOGGING, C-SYNC)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-push-fallback-")
      const src = join(w.work, ".skillc", "skills", "demo")
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), SKILL)
      makeLogDb(join(w.work, ".skillc", "logs", "demo", ".skillc-meta", "logs.db"), [{ timestamp: "2026-01-01T00:00:00Z", command: "show", args: { section: "Setup" } }, { timestamp: "2026-01-01T00:00:01Z", command: "show", args: { section: "Setup" } }], { skill: "demo", skill_path: src, cwd: w.work })
      const store = keepingStore()
      const r = yield* w.run(teamPush({ to: "postgres://team.example/db" }).pipe(Effect.provide(store.layer)))
      expect([r.rows, r.added]).toEqual([0, 0])
      expect(w.takeWarnings().join("\n")).toContain("2 access-log rows in .skillc/logs/demo are not pushed: 'skc sync' moves them into the skill's log, then 'skc sync --to' pushes them")
    })
  )
})
