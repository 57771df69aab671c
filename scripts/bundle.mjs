#!/usr/bin/env node
// Bundles the CLI for bin/skc.mjs, which loads each bundle through a V8
// code cache kept per user (issue 16: the leaner start; DECISIONS #42):
// - dist/cli.cjs: the full CLI, one CommonJS file;
// - dist/commands/<name>.cjs: one bundle per `fast` command (src/cli/single.ts),
//   holding that command alone, so a hot command reads and compiles only
//   its own code;
// - dist/commands/mcp.cjs: the MCP server (src/cli/mcpEntry.ts), the SDK bundled in;
// - dist/version: the version, so `skc --version` loads no bundle at all;
// - dist/sha256.json: each bundle's sha256, to which bin/skc.mjs binds its
//   code caches (issue 45 item 3).
// Also compiles the library surface (dist/lib, with .d.ts) for embedders
// (scripts/build-lib.mjs).
// Run by `npm pack` (prepack), `npm run build`, `npm run demo` and each test
// run: never on a user's machine, and the published manifest has no
// `prepare` or `install` script for npm to warn about (DECISIONS #42,
// issue 46 item 1).
// Needs only esbuild (and tsc for the library), so it runs on any Node the
// checkout is installed with, 20 included.
import { build } from "esbuild"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { buildLibrary } from "./build-lib.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const dist = join(root, "dist")
mkdirSync(join(dist, "commands"), { recursive: true })

// Build into a temporary directory and rename file by file: a test run or
// another shell using dist/ at the same moment never sees half a file.
const tmp = join(dist, `.build-${process.pid}`)
// A failed build leaves nothing behind (npm pack would ship it: "files" lists dist/), and
// one killed before it could clean up is removed by the next (its pid no longer runs).
process.on("exit", () => rmSync(tmp, { recursive: true, force: true }))
const running = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return e.code === "EPERM"
  }
}
for (const f of readdirSync(dist)) {
  const pid = /^\.build-(\d+)$/.exec(f)?.[1]
  if (pid !== undefined && Number(pid) !== process.pid && !running(Number(pid))) rmSync(join(dist, f), { recursive: true, force: true })
}

/**
 * `import { Effect, Schema } from "effect"` names effect's barrel module,
 * and in a bundle whose modules initialise lazily (the CLI's command graph
 * is behind `import()`) initialising the barrel initialises every effect
 * module: Schema, Cache, Stream, STM and the rest, on every start (issue 16,
 * about 20 ms of a `show`). The sources keep the usual barrel imports; this
 * plugin rewrites them, for the bundle only, into one deep import per
 * module (`import * as Effect from "effect/Effect"`), so a command
 * initialises only the effect modules it reaches. The same goes for the
 * barrels of effect's subpaths (`import { Command } from "effect/cli"` →
 * `effect/cli/Command`). What each barrel exports is read from the barrel
 * itself (dist/index.js, dist/<subpath>/index.js): namespaces
 * (`export * as Effect from "./Effect.js"`) and the few plain names
 * (`export { pipe, … } from "./Function.js"`); the deep paths are those of
 * effect's package exports (`"./*": "./dist/*.js"`).
 */
const effectBarrels = new Map()
const effectBarrel = (subpath) => {
  if (!effectBarrels.has(subpath)) {
    const file = join(root, "node_modules", "effect", "dist", ...(subpath === "" ? [] : [subpath]), "index.js")
    const exported = new Map()
    if (existsSync(file)) {
      const text = readFileSync(file, "utf8")
      const prefix = subpath === "" ? "effect/" : `effect/${subpath}/`
      for (const [, name, module] of text.matchAll(/export\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s+"\.\/([\w/]+)\.js"/g)) {
        exported.set(name, { from: prefix + module, namespace: true })
      }
      for (const [, names, module] of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*"\.\/([\w/]+)\.js"/g)) {
        for (const n of names.split(",").map((x) => x.trim()).filter((x) => x !== "")) {
          const [original, alias] = n.split(/\s+as\s+/)
          exported.set(alias ?? original, { from: prefix + module, namespace: false, original })
        }
      }
    }
    effectBarrels.set(subpath, exported)
  }
  return effectBarrels.get(subpath)
}

const effectDeepImports = {
  name: "effect-deep-imports",
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8")
      const contents = source.replace(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"effect(?:\/([a-z][\w-]*))?"/g, (all, typeOnly, names, subpath = "") =>
        names
          .split(",")
          .map((n) => n.trim())
          .filter((n) => n !== "")
          .map((n) => {
            const m = /^(type\s+)?([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(n)
            if (m === null) throw new Error(`${args.path}: cannot rewrite the effect import '${n}'`)
            const [, type, name, alias] = m
            const target = effectBarrel(subpath).get(name)
            if (target === undefined) throw new Error(`${args.path}: '${name}' is not exported by effect${subpath === "" ? "" : `/${subpath}`}`)
            const kind = typeOnly || type ? "type " : ""
            return target.namespace
              ? `import ${kind}* as ${alias ?? name} from "${target.from}"`
              : `import ${kind}{ ${target.original} as ${alias ?? name} } from "${target.from}"`
          })
          // as many lines as before, so line numbers in stack traces stay right
          .join(";") + "\n".repeat(all.split("\n").length - 1)
      )
      return { contents, loader: "ts" }
    })
  }
}

/**
 * The commands with a bundle of their own: those marked `fast: true` in
 * src/commands (their well-formed invocations skip effect/cli, so the
 * bundle needs neither the parser nor the other commands).
 */
const fastCommands = readdirSync(join(root, "src", "commands"))
  .filter((f) => f.endsWith(".ts") && /^\s*fast: true,?$/m.test(readFileSync(join(root, "src", "commands", f), "utf8")))
  .map((f) => f.slice(0, -3))

/** Each per-command bundle's entry: the command's spec handed to src/cli/single.ts. */
const commandEntries = {
  name: "skc-command-entries",
  setup(b) {
    b.onResolve({ filter: /^skc-command:/ }, (args) => ({ path: args.path.slice("skc-command:".length), namespace: "skc-command" }))
    b.onLoad({ filter: /.*/, namespace: "skc-command" }, (args) => ({
      contents: [
        `import * as command from ${JSON.stringify(join(root, "src", "commands", `${args.path}.ts`))}`,
        `import { runSingle } from ${JSON.stringify(join(root, "src", "cli", "single.ts"))}`,
        `const spec = Object.values(command).find((v) => typeof v === "object" && v !== null && v.name === ${JSON.stringify(args.path)})`,
        `if (spec === undefined) throw new Error("src/commands/${args.path}.ts exports no spec named ${args.path}")`,
        `export const run = (argv) => runSingle(spec, argv)`
      ].join("\n"),
      resolveDir: root,
      loader: "js"
    }))
  }
}

/** The packages bundles load on demand (`lazyYaml`), each a chunk of its own beside them: dist/commands/<name>.cjs. */
const chunks = ["yaml"]

/**
 * The `yaml` package is a quarter of a reading command's bundle (115 KB of
 * `search`'s 467 KB), yet `search`, `show`, `outline`, `open`, `sources`
 * and `stats` parse YAML only on their rarer paths (a skill found in an
 * agent's directory and indexed on demand, an agent's settings read).
 * Every start paid for it all the same: its share of the code cache to
 * deserialise and its modules' initialisation. For those bundles this
 * plugin puts a stand-in where `yaml` was, which requires
 * dist/commands/yaml.cjs (the package alone, bundled) the first time one
 * of its functions is called. The stand-in exports what src/ imports from
 * `yaml`; a name it lacks fails the bundle's build, not a user's run.
 */
const LAZY_YAML_NAMES = ["parse", "parseDocument", "stringify", "isAlias", "isCollection", "isMap", "isNode", "isScalar", "isSeq", "visit"]
const LAZY_YAML_CLASSES = ["Document", "LineCounter", "Parser"]
const lazyYaml = {
  name: "lazy-yaml",
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, () => ({ path: "yaml", namespace: "lazy-yaml" }))
    b.onResolve({ filter: /^\.\/yaml\.cjs$/ }, (args) => ({ path: args.path, external: true }))
    b.onLoad({ filter: /.*/, namespace: "lazy-yaml" }, () => ({
      contents: [
        // `require` is the bundle's own (bin/skc.mjs passes one made for the bundle's file).
        `let real`,
        `const load = () => (real ??= require("./yaml.cjs"))`,
        ...LAZY_YAML_NAMES.map((n) => `export const ${n} = (...args) => load().${n}(...args)`),
        // Called with \`new\`: the object a constructor returns is what \`new\` gives.
        ...LAZY_YAML_CLASSES.map((n) => `export function ${n}(...args) { return new (load().${n})(...args) }`)
      ].join("\n"),
      resolveDir: root,
      loader: "js"
    }))
  }
}

/**
 * The full CLI without the MCP server (src/cli/mcpServe.ts): in dist/cli.cjs
 * the module that loads the server requires dist/commands/mcp.cjs, which
 * holds it with the SDK, zod and ajv, instead of carrying them a second time
 * (about 400 KB unpacked, 110 KB of the tarball). bin/skc.mjs gives the
 * bundle a `require` that loads it through its code cache.
 */
const mcpFromItsBundle = {
  name: "mcp-from-its-bundle",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/mcpServe\.js$/ }, (args) =>
      args.importer.endsWith(join("src", "cli", "commands", "mcp.ts")) ? { path: "mcpServe", namespace: "mcp-from-its-bundle" } : undefined
    )
    b.onResolve({ filter: /^\.\/commands\/mcp\.cjs$/ }, (args) => ({ path: args.path, external: true }))
    b.onLoad({ filter: /.*/, namespace: "mcp-from-its-bundle" }, () => ({
      contents: [
        "export const loadMcpServe = () => new Promise((resolve) => {",
        "  let bundle",
        "  try {",
        '    bundle = require("./commands/mcp.cjs")',
        "  } catch (e) {",
        '    const why = e?.code === "MODULE_NOT_FOUND" ? "is missing" : `cannot be loaded (${String(e?.message ?? e).split("\\n")[0]})`',
        '    throw new Error(`skc mcp runs from dist/commands/mcp.cjs, which ${why}; run \'npm run build\'`)',
        "  }",
        "  resolve(bundle.serve)",
        "})"
      ].join("\n"),
      resolveDir: root,
      loader: "js"
    }))
  }
}

/**
 * The MCP SDK's `Server` constructs Ajv as its JSON Schema validator unless
 * given one, for one use: a client's answer to elicitation, which skc never
 * asks for. src/mcp/server.ts passes its own (src/mcp/noElicitation.ts), so
 * the SDK's Ajv provider is never constructed: in the server's bundle its
 * module is one that says so if it ever were, and Ajv (with fast-uri and
 * ajv-formats, about 125 KB) stays out of every install.
 */
const withoutAjv = {
  name: "without-ajv",
  setup(b) {
    b.onResolve({ filter: /[\\/]validation[\\/]ajv-provider\.js$/ }, (args) =>
      /@modelcontextprotocol[\\/]sdk[\\/]/.test(args.importer) ? { path: "ajv-provider", namespace: "without-ajv" } : undefined
    )
    b.onLoad({ filter: /.*/, namespace: "without-ajv" }, () => ({
      contents: [
        "export class AjvJsonSchemaValidator {",
        "  constructor() {",
        '    throw new Error("the MCP server must pass its own jsonSchemaValidator (src/mcp/noElicitation.ts): its bundle leaves Ajv out")',
        "  }",
        "}"
      ].join("\n"),
      resolveDir: root,
      loader: "js"
    }))
  }
}

/** What every bundle shares: one CommonJS file per entry for Node 22 and later. */
const common = {
  outdir: tmp,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node22",
  minify: process.env.SKC_BUNDLE_NO_MINIFY !== "1",
  keepNames: false,
  legalComments: "none",
  logLevel: "warning",
  define: { __SKC_VERSION__: JSON.stringify(pkg.version) }
}

// The reading commands, whose bundles load `yaml` on first use (`lazyYaml`).
const yamlOnDemand = ["open", "outline", "search", "show", "sources", "stats"].filter((c) => fastCommands.includes(c))
// SKC_BUNDLE_METAFILE=<file>: esbuild's account of what each bundle holds (for size work).
const built = await build({
  ...common,
  metafile: process.env.SKC_BUNDLE_METAFILE !== undefined,
  entryPoints: {
    cli: join(root, "src/cli.ts"),
    ...Object.fromEntries(fastCommands.filter((c) => !yamlOnDemand.includes(c)).map((c) => [`commands/${c}`, `skc-command:${c}`]))
  },
  // Nothing external: the installed package has no runtime dependency
  // (issue 46 item 1: a global install is skillc alone). The MCP server is
  // not in cli.cjs: when the full CLI serves `skc mcp` (bin/skc.mjs normally
  // runs dist/commands/mcp.cjs itself) it requires that bundle
  // (`mcpFromItsBundle`).
  plugins: [mcpFromItsBundle, effectDeepImports, commandEntries]
})
const reading = await build({
  ...common,
  metafile: process.env.SKC_BUNDLE_METAFILE !== undefined,
  entryPoints: Object.fromEntries(yamlOnDemand.map((c) => [`commands/${c}`, `skc-command:${c}`])),
  plugins: [effectDeepImports, commandEntries, lazyYaml]
})
// What they load on demand: each package alone.
await build({ ...common, entryPoints: Object.fromEntries(chunks.map((c) => [`commands/${c}`, c])) })
// `skc mcp`'s own bundle (src/cli/mcpEntry.ts): the server with the MCP SDK
// bundled in, so a server compiles it from its code cache instead of
// requiring some 230 modules from node_modules (issue 30: 29 MB of a
// server's memory against 12 MB bundled).
await build({
  ...common,
  entryPoints: { "commands/mcp": join(root, "src/cli/mcpEntry.ts") },
  plugins: [withoutAjv, effectDeepImports]
})
// `skc lsp`'s own bundle (src/cli/lspEntry.ts, issue 50): the language
// server with vscode-languageserver bundled in, so no other command's
// bundle carries it.
await build({
  ...common,
  entryPoints: { "commands/lsp": join(root, "src/cli/lspEntry.ts") },
  plugins: [effectDeepImports]
})
if (process.env.SKC_BUNDLE_METAFILE !== undefined)
  writeFileSync(
    process.env.SKC_BUNDLE_METAFILE,
    JSON.stringify({ inputs: { ...built.metafile.inputs, ...reading.metafile.inputs }, outputs: { ...built.metafile.outputs, ...reading.metafile.outputs } })
  )
writeFileSync(join(tmp, "version"), pkg.version + "\n")
const ownBundles = [...fastCommands, "mcp", "lsp"]
// Issue 45 item 3: each bundle's sha256, to which bin/skc.mjs binds its V8
// code caches (V8 itself checks only the source's length).
// The chunks too: bin/skc.mjs loads them through a code cache as it loads a bundle.
const bundleNames = ["cli.cjs", ...[...ownBundles, ...chunks].map((c) => `commands/${c}.cjs`)]
const hashes = Object.fromEntries(bundleNames.map((n) => [n, createHash("sha256").update(readFileSync(join(tmp, n))).digest("hex")]))
writeFileSync(join(tmp, "sha256.json"), JSON.stringify(hashes, null, 2) + "\n")
for (const c of [...ownBundles, ...chunks]) renameSync(join(tmp, "commands", `${c}.cjs`), join(dist, "commands", `${c}.cjs`))
renameSync(join(tmp, "cli.cjs"), join(dist, "cli.cjs"))
renameSync(join(tmp, "sha256.json"), join(dist, "sha256.json"))
renameSync(join(tmp, "version"), join(dist, "version"))
rmSync(tmp, { recursive: true, force: true })
// V8 code caches of earlier builds (skc now keeps them per user, never in
// dist/) and bundles of commands no longer `fast` go.
for (const f of readdirSync(dist)) if (f.endsWith(".cache")) rmSync(join(dist, f), { force: true })
for (const f of readdirSync(join(dist, "commands"))) {
  if (f.endsWith(".cache") || ![...ownBundles, ...chunks].includes(f.replace(/\.cjs$/, ""))) rmSync(join(dist, "commands", f), { force: true })
}

// Library surface for `import … from "skillc"`: what the entries reach, and no more (scripts/build-lib.mjs).
if (!process.argv.includes("--cli-only")) buildLibrary(root)
