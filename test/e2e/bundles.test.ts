// The executable's bundles (issue 16, scripts/bundle.mjs): `--version` from
// dist/version, the per-command bundles of the hot commands
// (dist/commands/<name>.cjs) and the full CLI (dist/cli.cjs) answer every
// invocation alike; their V8 code caches, kept per user, are an optimisation
// only, and nothing is ever written into the installed package (DECISIONS #42).
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
import { spawnSync } from "node:child_process"
import { Script } from "node:vm"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox, spawnAsync, tempDir, type RunResult } from "../helpers/cli.js"

/** A copy of the executable: bin/ and dist/ (without the caches), and node_modules linked. */
const install = (withCommands: boolean): string => {
  const dir = tempDir("skc-install-")
  mkdirSync(join(dir, "dist", "commands"), { recursive: true })
  cpSync(join(ROOT, "bin"), join(dir, "bin"), { recursive: true })
  cpSync(join(ROOT, "dist", "cli.cjs"), join(dir, "dist", "cli.cjs"))
  // Each bundle's sha256 as the build recorded it (issue 45 item 3): without it, no code cache is used.
  cpSync(join(ROOT, "dist", "sha256.json"), join(dir, "dist", "sha256.json"))
  if (withCommands) {
    cpSync(join(ROOT, "dist", "version"), join(dir, "dist", "version"))
    for (const f of readdirSync(join(ROOT, "dist", "commands"))) {
      if (f.endsWith(".cjs")) cpSync(join(ROOT, "dist", "commands", f), join(dir, "dist", "commands", f))
    }
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
  return join(dir, "bin", "skc.mjs")
}

describe("the executable's bundles", () => {
  // Its own code caches: these tests look at, damage and remove them.
  const s = sandbox({ ownCodeCache: true })
  let lean = ""
  let fullOnly = ""
  /** `bin` with `args` (after Node's own `nodeArgs`), `input` on its stdin. */
  const run = (bin: string, args: ReadonlyArray<string>, input?: string, nodeArgs: ReadonlyArray<string> = []): Promise<RunResult> =>
    spawnAsync(process.execPath, [...nodeArgs, bin, ...args], {
      cwd: s.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1", LANG: "C.UTF-8" },
      ...(input === undefined ? {} : { input })
    })

  beforeAll(() => {
    lean = install(true)
    fullOnly = install(false)
    cpSync(join(ROOT, "examples", "git-helper"), join(s.work, ".skillc", "skills", "git-helper"), { recursive: true })
    expect(s.run(["build", "git-helper"]).code).toBe(0)
    // A skill in an agent's directory, indexed on demand (DECISIONS #38), whose frontmatter only the `yaml`
    // package reads (a folded description, flow collections): the reading commands load it on first use.
    mkdirSync(join(s.work, ".claude", "skills", "gadget-notes"), { recursive: true })
    writeFileSync(
      join(s.work, ".claude", "skills", "gadget-notes", "SKILL.md"),
      "---\nname: gadget-notes\ndescription: >\n  Notes on gadgets. Use when\n  tuning a gadget.\nallowed-tools: [Read, Grep]\nmetadata: {team: tools, tags: [a, b]}\n---\n# Gadget notes\n\n## Tuning\n\nHow to tune a gadget.\n"
    )
  })

  it("the reading commands' bundles leave the yaml package out and load dist/commands/yaml.cjs when they need it", () => {
    // A message of the yaml package's parser, as the bundles hold it (minifying keeps strings).
    const marker = "Implicit map keys need to be"
    expect(readFileSync(join(ROOT, "dist", "commands", "yaml.cjs"), "utf8")).toContain(marker)
    for (const c of ["search", "show", "outline", "open", "sources", "stats"]) {
      const text = readFileSync(join(ROOT, "dist", "commands", `${c}.cjs`), "utf8")
      expect(text.includes(marker), c).toBe(false)
      expect(text, c).toContain('require("./yaml.cjs")')
    }
    // `build` and `init` read or write YAML on every run: theirs stays in.
    for (const c of ["build", "init"]) expect(readFileSync(join(ROOT, "dist", "commands", `${c}.cjs`), "utf8"), c).toContain(marker)
  })

  it("search --all over skills whose descriptions are quoted reads their frontmatter without the yaml package", async () => {
    // An install without dist/commands/yaml.cjs: loading it would fail the run.
    const bin = install(true)
    rmSync(join(bin, "..", "..", "dist", "commands", "yaml.cjs"))
    const work = tempDir("skc-quoted-")
    const skill = (name: string, description: string, body: string) => {
      mkdirSync(join(work, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(work, ".skillc", "skills", name, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n## Usage\n\n${body}\n`)
    }
    skill("quoted-double", '"Tunes widgets: gears, springs. Use when a widget # rattles."', "Tighten the widget gears.")
    skill("quoted-single", "'Oils widgets. Use when a widget squeaks.'", "Oil the widget springs.")
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1", LANG: "C.UTF-8" }
    for (const name of ["quoted-double", "quoted-single"]) expect((await spawnAsync(process.execPath, [bin, "build", name], { cwd: work, env })).code, name).toBe(0)
    const r = await spawnAsync(process.execPath, [bin, "search", "--all", "widget", "--format", "json"], { cwd: work, env })
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(new Set((JSON.parse(r.stdout) as { results: ReadonlyArray<{ skill: string }> }).results.map((x) => x.skill))).toEqual(new Set(["quoted-double", "quoted-single"]))
  })

  it("a build that fails leaves no temporary directory in dist/, and removes one a killed build left", () => {
    const dist = join(ROOT, "dist")
    // A directory named after a process that no longer runs, as a build killed mid-way leaves it.
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid
    const stale = join(dist, `.build-${gone}`)
    mkdirSync(join(stale, "commands"), { recursive: true })
    // The metafile cannot be written: the build fails after bundling into its temporary directory, before
    // any bundle replaces one in dist/ (the other tests' bundles stay as they were).
    const r = spawnSync(process.execPath, [join(ROOT, "scripts", "bundle.mjs"), "--cli-only"], {
      env: { ...process.env, SKC_BUNDLE_METAFILE: join(tempDir("skc-nometa-"), "no-such-dir", "meta.json") },
      encoding: "utf8"
    })
    expect(r.status).not.toBe(0)
    expect(readdirSync(dist).filter((f) => f.startsWith(".build-"))).toEqual([])
  })

  it("every hot command has its bundle", () => {
    for (const c of ["init", "build", "outline", "show", "search", "open", "sources", "stats"]) {
      expect(existsSync(join(ROOT, "dist", "commands", `${c}.cjs`)), c).toBe(true)
    }
  })

  const invocations: ReadonlyArray<ReadonlyArray<string>> = [
    ["--version"],
    ["show", "git-helper", "--section", "Undo the last commit"],
    ["show", "git-helper", "--section", "Undo the last commit", "--format", "json"],
    ["show", "git-helper", "--section", "no such heading"],
    ["show", "git-helper"],
    ["show", "git-helper", "--bogus"],
    ["show", "--help"],
    ["show", "nope", "--section", "x"],
    ["outline", "git-helper"],
    ["outline", "git-helper", "--level", "2", "--tokens"],
    ["outline", "git-helper", "--level=2"],
    ["search", "git-helper", "undo commit"],
    ["search", "git-helper", "undo", "--format", "yaml"],
    ["open", "git-helper", "SKILL.md"],
    ["build", "git-helper"],
    ["build", "git-helper", "--format", "json"],
    ["build", "nope", "git-helper"],
    ["build", "git-helper", "--bogus"],
    ["sources", "git-helper"],
    // The first of these indexes the skill on demand, reading its frontmatter with the yaml package.
    ["search", "gadget-notes", "tune gadget"],
    ["search", "--all", "tuning a gadget"],
    ["show", "gadget-notes", "--section", "Tuning"],
    ["outline", "gadget-notes"]
  ]

  it("the per-command bundles answer as the full CLI does: output, errors, exit status", async () => {
    for (const args of invocations) {
      // twice: the first run writes the code cache, the second uses it
      for (const round of [1, 2]) {
        const a = await run(lean, args)
        const b = await run(fullOnly, args)
        expect({ args, round, ...a }).toEqual({ args, round, ...b })
      }
    }
  })

  // `skc mcp` has a bundle of its own (src/cli/mcpEntry.ts, the SDK bundled in; issue 30, mcp.memory).
  const session = [
    { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 2, method: "tools/list" },
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "skc_show", arguments: { skill: "git-helper", section: "Undo the last commit" } } }
  ]
    .map((m) => JSON.stringify(m) + "\n")
    .join("")
  const serve = (bin: string, args: ReadonlyArray<string>) => run(bin, args, session)

  it("skc mcp: its own bundle serves as the full CLI does, and defers help and bad flags to it", async () => {
    expect(existsSync(join(ROOT, "dist", "commands", "mcp.cjs"))).toBe(true)
    for (const args of [["mcp", "--help"], ["mcp", "--bogus"], ["mcp", "--project", "nope"]]) {
      for (const round of [1, 2]) {
        const a = await serve(lean, args)
        const b = await serve(fullOnly, args)
        expect({ args, round, ...a }).toEqual({ args, round, ...b })
      }
    }
    // `--project=<dir>` is a spelling only effect/cli's parser takes: the full CLI serves it, with the
    // server it requires from dist/commands/mcp.cjs (it does not carry the server itself), as the
    // server's own bundle serves `--project <dir>`; both runs of each, the second from the code caches.
    for (const [own, full] of [
      [["mcp"], ["mcp", "--output-schemas=false"]],
      [["mcp", "--output-schemas"], ["mcp", "--output-schemas=true"]],
      [["mcp", "--project", s.work], ["mcp", `--project=${s.work}`]]
    ]) {
      for (const round of [1, 2]) {
        const a = await serve(lean, own)
        const b = await serve(lean, full)
        expect(a.code).toBe(0)
        expect({ round, ...a }).toEqual({ round, ...b })
      }
    }
    expect(readdirSync(join(s.home, ".cache", "skillc")).flatMap((d) => readdirSync(join(s.home, ".cache", "skillc", d)))).toEqual(
      expect.arrayContaining([expect.stringMatching(/-chunk-commands-mcp\.v8$/)])
    )
    // Without that bundle the full CLI says what is missing and what to do; nothing else is written.
    const missing = await serve(fullOnly, ["mcp"])
    expect(missing).toMatchObject({ code: 1, stdout: "", stderr: "error[E999]: skc mcp runs from dist/commands/mcp.cjs, which is missing; run 'npm run build'\n" })
    // Nor does the server's bundle carry Ajv: the server passes the SDK a validator of its own (src/mcp/noElicitation.ts).
    expect(readFileSync(join(ROOT, "dist", "commands", "mcp.cjs"), "utf8")).not.toContain("$dynamicAnchor")
    expect(readFileSync(join(ROOT, "dist", "cli.cjs"), "utf8")).not.toContain("$dynamicAnchor")
    const served = await serve(lean, ["mcp"])
    expect(served.code).toBe(0)
    const answers = served.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: number; result?: { content?: ReadonlyArray<{ text: string }> } })
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3])
    expect(answers[2]!.result?.content?.[0]?.text).toContain("git reset")
  })

  /** What the server wrote on stderr in a whole session run with `preload` imported first (every request answered). */
  const stderrOfSessionWith = async (preload: string) => {
    const r = await run(lean, ["mcp"], session, ["--import", preload])
    expect(r.code).toBe(0)
    expect(r.stdout.trim().split("\n")).toHaveLength(3)
    return r.stderr
  }

  it("skc mcp: a session formats no number through ICU (its number data is 7.5 MB of a server's memory, issue 30)", async () => {
    const spy =
      "data:text/javascript,for (const [o, k] of [[Number.prototype, 'toLocaleString'], [Intl, 'NumberFormat']]) { const f = o[k];" +
      " o[k] = function (...a) { process.stderr.write('ICU number formatting: ' + k + '\\n'); return Reflect.apply(f, this, a) } }"
    expect(await stderrOfSessionWith(spy)).toBe("")
  })

  it("skc mcp: the server runs in a Node started with its V8 flags, a CLI command with V8's defaults (issues 29 and 30)", async () => {
    // Written by the process that serves, at its exit: the flags it was started with and the restart marker.
    const spy =
      "data:text/javascript,process.on('exit', () => process.stderr.write('node flags: ' +" +
      " process.execArgv.filter((a) => a.startsWith('--max-semi') || a.startsWith('--no-concurrent')).join(' ') +" +
      " '; marker: ' + (process.env.SKC_MCP_RESTARTED ?? 'none') + '\\n'))"
    expect(await stderrOfSessionWith(spy)).toBe("node flags: --max-semi-space-size=2 --no-concurrent-recompilation; marker: none\n")
    const shown = await run(lean, ["show", "git-helper", "--section", "Undo the last commit"], undefined, ["--import", spy])
    expect(shown.code).toBe(0)
    expect(shown.stderr).toBe("node flags: ; marker: none\n")
  })

  it("skc mcp: the second start loads the code cache the first one left (the V8 flags set for the server are set before either)", async () => {
    const cache = join(s.home, ".cache", "skillc")
    rmSync(cache, { recursive: true, force: true })
    expect((await serve(lean, ["mcp"])).code).toBe(0)
    const dir = join(cache, readdirSync(cache)[0]!)
    const files = readdirSync(dir).filter((f) => f.endsWith("-mcp.v8"))
    expect(files).toHaveLength(1)
    const written = readFileSync(join(dir, files[0]!))
    // A rejected cache is written again at a successful exit: the same bytes mean V8 accepted it.
    expect((await serve(lean, ["mcp"])).code).toBe(0)
    expect(readFileSync(join(dir, files[0]!)).equals(written)).toBe(true)
    expect(readdirSync(dir).filter((f) => f.endsWith("-mcp.v8"))).toEqual(files)
  })

  it("init: the same skill from both", async () => {
    const a = await run(lean, ["init", "from-lean"])
    const b = await run(fullOnly, ["init", "from-full"])
    expect(a.code).toBe(0)
    expect(a.stdout.replaceAll("from-lean", "NAME")).toBe(b.stdout.replaceAll("from-full", "NAME"))
    expect(a.stderr).toBe(b.stderr)
  })

  /** Every file under `dir` with its size and modification time: what a run may not change. */
  const snapshot = (dir: string): Record<string, string> => {
    const out: Record<string, string> = {}
    const walk = (d: string) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name)
        if (e.isDirectory()) walk(p)
        else if (e.isFile()) out[p] = `${statSync(p).size}:${statSync(p).mtimeMs}`
      }
    }
    walk(dir)
    return out
  }

  it("a successful run keeps its code cache under $SKILLC_HOME/.cache/skillc and writes nothing into the package (DECISIONS #42)", async () => {
    const cache = join(s.home, ".cache", "skillc")
    rmSync(cache, { recursive: true, force: true })
    const dist = join(lean, "..", "..", "dist")
    const before = snapshot(dist)
    const args = ["show", "git-helper", "--section", "Undo the last commit"]
    const first = await run(lean, args)
    expect(first.code).toBe(0)
    // One directory per Node version and platform, one cache per bundle (and, for the full CLI, per command).
    const versions = readdirSync(cache)
    expect(versions).toEqual([`v8-${process.version}-${process.platform}-${process.arch}`])
    expect(readdirSync(join(cache, versions[0]!))).toEqual([expect.stringMatching(/^[0-9a-f]{8}-show\.v8$/)])
    expect(await run(lean, args)).toEqual(first)
    expect(snapshot(dist)).toEqual(before)
    expect(Object.keys(before).some((f) => f.endsWith(".cache"))).toBe(false)
  })

  it("the yaml chunk a reading command loads keeps a code cache of its own, which the next run uses", async () => {
    const cache = join(s.home, ".cache", "skillc")
    rmSync(cache, { recursive: true, force: true })
    // git-helper's description is folded (`>-`): only the yaml package reads it.
    const args = ["search", "--all", "tuning a gadget"]
    const first = await run(lean, args)
    expect(first.code).toBe(0)
    const dir = join(cache, `v8-${process.version}-${process.platform}-${process.arch}`)
    const chunk = readdirSync(dir).filter((f) => /^[0-9a-f]{8}-chunk-yaml\.v8$/.test(f))
    expect(chunk).toHaveLength(1)
    const written = statSync(join(dir, chunk[0]!))
    expect(await run(lean, args)).toEqual(first)
    // Accepted, so not written again (a missing or rejected cache is rewritten at a successful exit).
    const after = statSync(join(dir, chunk[0]!))
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs])
    expect(await run(fullOnly, args)).toEqual(first)
  })

  it("a corrupt or stale code cache is rejected and rewritten; the output stays the same", async () => {
    const args = ["outline", "git-helper"]
    const first = await run(lean, args)
    expect(first.code).toBe(0)
    const cache = join(s.home, ".cache", "skillc")
    const files = Object.keys(snapshot(cache)).filter((f) => f.endsWith("-outline.v8"))
    expect(files.length).toBe(1)
    for (const f of files) writeFileSync(f, Buffer.from("not a V8 code cache"))
    expect(await run(lean, args)).toEqual(first)
    // rewritten by that successful run: headed by the bundle's recorded sha256 again (issue 45 item 3)
    const recorded = (JSON.parse(readFileSync(join(lean, "..", "..", "dist", "sha256.json"), "utf8")) as Record<string, string>)["commands/outline.cjs"]
    for (const f of files) expect(readFileSync(f).subarray(0, readFileSync(f).indexOf(10)).toString()).toBe(`sha256:${recorded}`)
    // a cache headed by another build of the bundle (another content hash) is not used
    const other = "0".repeat(64)
    for (const f of files) {
      const bytes = readFileSync(f)
      const nl = bytes.indexOf(10)
      writeFileSync(f, Buffer.concat([Buffer.from(`sha256:${other}`), bytes.subarray(nl)]), { mode: 0o600 })
    }
    expect(await run(lean, args)).toEqual(first)
    // …and that run wrote a cache for the bundle as it is
    for (const f of files) expect(readFileSync(f).subarray(0, readFileSync(f).indexOf(10)).toString()).toBe(`sha256:${recorded}`)
    expect(await run(lean, args)).toEqual(first)
  })

  /**
   * Issue 45 item 3, the attack: a code cache compiled from other code of the
   * bundle's length, headed as the cache of the bundle, planted where the
   * cache is read. V8 checks only the source's length, so such a cache runs
   * its own code instead of the bundle's.
   */
  const plant = (bundle: string, file: string, mode: number) => {
    const source = readFileSync(bundle, "utf8")
    const evil = 'process.stdout.write("PLANTED\\n");module.exports={run:()=>Promise.resolve(0)};'
    const padded = evil + "/*" + "x".repeat(source.length - evil.length - 4) + "*/"
    expect(padded.length).toBe(source.length)
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${padded}\n})`, { filename: bundle })
    script.runInThisContext()({}, () => undefined, { exports: {} }, bundle, "")
    const head = readFileSync(file).subarray(0, readFileSync(file).indexOf(10) + 1)
    rmSync(file)
    writeFileSync(file, Buffer.concat([head, script.createCachedData()]), { mode })
    chmodSync(file, mode)
  }

  it("issue 45 item 3: a cache planted in a directory others can write to is not used; the directories skc creates are 0700", async () => {
    const cache = join(s.home, ".cache", "skillc")
    rmSync(cache, { recursive: true, force: true })
    const args = ["sources", "git-helper"]
    const first = await run(lean, args)
    expect(first.code).toBe(0)
    const dir = join(cache, readdirSync(cache)[0]!)
    // Made by skc: only its owner can enter or write them.
    expect(statSync(cache).mode & 0o777).toBe(0o700)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    const file = join(dir, readdirSync(dir).find((f) => f.endsWith("-sources.v8"))!)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const bundle = join(lean, "..", "..", "dist", "commands", "sources.cjs")
    try {
      // A shared cache base: writable by the group and others (a shared SKILLC_HOME or XDG_CACHE_HOME).
      chmodSync(dir, 0o777)
      plant(bundle, file, 0o644)
      expect(await run(lean, args)).toEqual(first)
      // The same planted file, writable by others, in the owner's own directory.
      chmodSync(dir, 0o700)
      plant(bundle, file, 0o666)
      expect(await run(lean, args)).toEqual(first)
      if (process.getuid?.() === 0) {
        // Owned by someone else (only root can make that here).
        plant(bundle, file, 0o644)
        chownSync(file, 65534, 65534)
        expect(await run(lean, args)).toEqual(first)
      }
    } finally {
      chmodSync(dir, 0o700)
      rmSync(cache, { recursive: true, force: true })
    }
  })

  it("issue 45 item 3: a build without recorded hashes runs without a code cache", async () => {
    const cache = join(s.home, ".cache", "skillc")
    rmSync(cache, { recursive: true, force: true })
    const recorded = join(lean, "..", "..", "dist", "sha256.json")
    const kept = readFileSync(recorded)
    rmSync(recorded)
    try {
      const r = await run(lean, ["outline", "git-helper"])
      expect(r.code).toBe(0)
      expect(existsSync(cache) ? readdirSync(cache).flatMap((d) => readdirSync(join(cache, d))) : []).toEqual([])
    } finally {
      writeFileSync(recorded, kept)
    }
  })

  it("a cache directory that cannot be created costs nothing but speed", async () => {
    const args = ["search", "git-helper", "undo commit"]
    const first = await run(lean, args)
    rmSync(join(s.home, ".cache"), { recursive: true, force: true })
    writeFileSync(join(s.home, ".cache"), "a file where the cache directory would go")
    try {
      expect(await run(lean, args)).toEqual(first)
      expect(readFileSync(join(s.home, ".cache"), "utf8")).toBe("a file where the cache directory would go")
    } finally {
      rmSync(join(s.home, ".cache"), { force: true })
    }
  })

  it("an older Node gets one line naming the Node needed and the one found, and exit 1 (DECISIONS #42)", async () => {
    // The check reads process.versions.node; a preloaded module makes this Node say it is 20.
    const pretend = "data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.19.0'})"
    for (const args of [["--version"], ["show", "git-helper"], ["mcp"]]) {
      const r = await spawnAsync(process.execPath, ["--import", pretend, lean, ...args], {
        cwd: s.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1" }
      })
      expect(r).toMatchObject({ code: 1, stdout: "", stderr: "error: skc needs Node.js >= 22.16.0; this is Node.js 20.19.0\n" })
    }
  })

  it.skipIf(!process.env.SKC_MACHINE_NODE)("the machine's own older Node (SKC_MACHINE_NODE, set by scripts/with-node.mjs) gets the same line", async () => {
    const r = await spawnAsync(process.env.SKC_MACHINE_NODE!, [lean, "show", "git-helper"], {
      cwd: s.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1" }
    })
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^error: skc needs Node\.js >= 22\.16\.0; this is Node\.js \d+\.\d+\.\d+\n$/)
  })

  it("a failed run leaves the package as it was", async () => {
    const dist = join(lean, "..", "..", "dist")
    const before = snapshot(dist)
    const r = await run(lean, ["search", "no-such-skill", "x"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E001\]/)
    expect(snapshot(dist)).toEqual(before)
  })
})
