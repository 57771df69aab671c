#!/usr/bin/env node
// Runs a script of this checkout on a Node.js that skc supports
// (DECISIONS #42: Node >= 22.16 here, the LTS lines 22 and 24; docs/decisions.md).
//
//   node scripts/with-node.mjs <script> [args…]
//
// The project's own commands (`npm test`, `npm run demo`, `npm run bench`,
// `.ci/run`) go through here, so a checkout works on a machine whose `node`
// is older than `engines` asks (Node 20, say): the script then runs on Node
// 24 fetched from the npm registry as the `node-<platform>-<arch>` package
// (the official binary, repackaged), kept under the checkout's ignored
// `.cache/node/` between runs. Where the machine's Node is new enough,
// nothing is fetched and the script runs on it.
//
// SKC_NODE_LINE=22 (or 24) asks for that LTS line whatever the machine has:
// CI runs the end-to-end suite on both lines this way.
//
// The child gets the chosen Node first on PATH, so everything the script
// starts with `node` (or `process.execPath`) runs on the same Node.
//
// The fetched binary is checked before every run against the values
// recorded in scripts/node-lines.mjs (issue 45 item 3); SKC_NODE_CACHE_DIR
// moves the cache (tests).
//
// Plain JavaScript for any Node; nothing but npm and tar is needed.
import { spawn } from "node:child_process"
import { delimiter, dirname } from "node:path"
import { chooseNode, say, supported } from "./node-lines.mjs"

const [script, ...args] = process.argv.slice(2)
if (script === undefined) {
  say("usage: node scripts/with-node.mjs <script> [args…]")
  process.exit(2)
}
let node
try {
  node = chooseNode()
} catch (e) {
  say(e instanceof Error ? e.message : String(e))
  process.exit(1)
}
const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ""}` }
// The machine's own Node, when another was chosen: a test checks what skc says to it.
if (node !== process.execPath && !supported(process.version)) env.SKC_MACHINE_NODE = process.execPath
const child = spawn(node, [script, ...args], { stdio: "inherit", env })
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal))
child.on("exit", (code, signal) => {
  if (signal !== null) {
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  }
  else process.exit(code ?? 1)
})
