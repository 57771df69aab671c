// No install script runs anywhere in the tree (the project's standards; DECISIONS #42 for the package
// users install). The lock file records which packages have one (`hasInstallScript`): each must be a
// development tool and denied in package.json's `allowScripts` (read by npm 11.16 and later), so that a
// checkout's `npm install` neither runs it nor warns about it, and a new dependency that brings one
// fails here until it is reviewed.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT } from "../helpers/cli.js"

interface LockedPackage {
  readonly version?: string
  readonly dev?: boolean
  readonly hasInstallScript?: boolean
}

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  readonly allowScripts?: Readonly<Record<string, boolean | string>>
  readonly dependencies?: Readonly<Record<string, string>>
}
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { readonly packages: Readonly<Record<string, LockedPackage>> }

/** `node_modules/a/node_modules/@s/b` → `@s/b` */
const nameOf = (key: string) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length)

const withScripts = Object.entries(lock.packages)
  .filter(([key, p]) => key !== "" && p.hasInstallScript === true)
  .map(([key, p]) => ({ name: nameOf(key), dev: p.dev === true }))

describe("install scripts in the tree", () => {
  it("the published package has no dependency that runs one", () => {
    expect(withScripts.filter((p) => !p.dev)).toEqual([])
    expect(manifest.dependencies ?? {}).toEqual({})
  })

  it("each development tool that has one is denied in allowScripts", () => {
    const undenied = withScripts.filter((p) => manifest.allowScripts?.[p.name] !== false).map((p) => p.name)
    expect(undenied).toEqual([])
  })

  it("allowScripts names no package the lock file does not hold (no stale entry)", () => {
    const locked = new Set(Object.keys(lock.packages).filter((k) => k !== "").map(nameOf))
    expect(Object.keys(manifest.allowScripts ?? {}).filter((n) => !locked.has(n))).toEqual([])
  })
})
