// writeFileAtomic (src/adapters/node/NodeFileSystem.ts): a writer killed between its write and its rename leaves
// `.<name>.<pid>.<hex>.tmp`; the next write of the file removes those whose process is gone (a crash probe found
// one beside approvals.json per killed `skc approve`, kept for good), and leaves a live writer's alone.
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { NodeFileSystemLive } from "../../src/adapters/node/NodeFileSystem.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { tempDir } from "../helpers/cli.js"

describe("writeFileAtomic", () => {
  it("removes the temporary files of writers that are gone, keeps a live one's", async () => {
    const dir = tempDir()
    const file = join(dir, "approvals.json")
    // A process that has ended: its pid names a dead writer.
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!
    writeFileSync(join(dir, `.approvals.json.${gone}.0badf00d.tmp`), "{")
    writeFileSync(join(dir, `.approvals.json.${process.pid}.0123abcd.tmp`), "{")
    writeFileSync(join(dir, ".other.json.1.0badf00d.tmp"), "{")
    await Effect.runPromise(
      Effect.provide(
        Effect.gen(function* () {
          yield* (yield* FileSystem).writeFileAtomic(file, "{}\n")
        }),
        NodeFileSystemLive
      )
    )
    expect(readFileSync(file, "utf8")).toBe("{}\n")
    expect(readdirSync(dir).sort()).toEqual([`.approvals.json.${process.pid}.0123abcd.tmp`, ".other.json.1.0badf00d.tmp", "approvals.json"].sort())
  })
})
