// Helpers of the scripts that write generated files into docs/: load
// TypeScript sources (bundled in memory with esbuild, then required), and
// write a file or, with `--check`, exit 1 when the committed one differs (CI).
import { build } from "esbuild"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { tmpdir } from "node:os"

export const root = join(dirname(fileURLToPath(import.meta.url)), "..")

/** The exports of `contents` (TypeScript re-exports resolved from the repository root). */
export const loadTs = async (contents) => {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
    logLevel: "warning"
  })
  const tmp = join(tmpdir(), `skc-generated-${process.pid}.cjs`)
  writeFileSync(tmp, result.outputFiles[0].text)
  try {
    return createRequire(import.meta.url)(tmp)
  } finally {
    rmSync(tmp, { force: true })
  }
}

/** Write `text` to `relative` (from the root), or check it is already there with `--check`. */
export const writeOrCheck = (relative, text, command, done) => {
  const target = join(root, relative)
  if (process.argv.includes("--check")) {
    let current = ""
    try {
      current = readFileSync(target, "utf8")
    } catch {}
    if (current !== text) {
      console.error(`${relative} is out of date; run \`${command}\``)
      process.exit(1)
    }
  } else {
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, text)
    console.log(done)
  }
}
