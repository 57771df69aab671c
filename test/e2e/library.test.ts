// The package as an embedder imports it: `import { … } from "skillc"` through package.json exports.
import { mkdirSync, writeFileSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, spawnAsync, tempDir } from "../helpers/cli.js"

describe("library surface", () => {
  it("resolves and runs a use case from a consumer package", async () => {
    // The library build (tsc) is part of `npm run build`; make sure it is current.
    const tsc = await spawnAsync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.lib.json")], { cwd: ROOT, env: process.env })
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0)
    const dir = tempDir()
    mkdirSync(join(dir, "node_modules"), { recursive: true })
    symlinkSync(ROOT, join(dir, "node_modules", "skillc"))
    symlinkSync(join(ROOT, "node_modules", "effect"), join(dir, "node_modules", "effect"))
    writeFileSync(
      join(dir, "consumer.mjs"),
      `import { Effect } from "effect"
import { init, makeLiveLayer, SkillNotFound, renderError } from "skillc"
const layer = makeLiveLayer({ cwd: process.argv[2], env: { SKILLC_HOME: process.argv[2] + "/home" } })
const r = await Effect.runPromise(init({ name: "embedded" }).pipe(Effect.provide(layer)))
console.log(JSON.stringify({ r, e: renderError(new SkillNotFound({ skill: "x" })) }))
`
    )
    const out = await spawnAsync(process.execPath, [join(dir, "consumer.mjs"), dir], { cwd: dir, env: process.env })
    expect(out.code, out.stderr).toBe(0)
    const parsed = JSON.parse(out.stdout)
    expect(parsed.r).toMatchObject({ kind: "skill", name: "embedded", scope: "project" })
    expect(parsed.e).toBe("error[E001]: skill 'x' not found")
    // A full tsc of the library: seconds on a quiet machine, minutes on a loaded one.
  }, 600_000)
})
