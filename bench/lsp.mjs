// lsp.change (issue 50): a 2,000-line SKILL.md open in `skc lsp`, edited
// 100 times (one line each, sent as an incremental change, the next edit
// after the previous diagnostics arrived); each figure is the time from
// sending the change to receiving the diagnostics of that version, p50 and
// p95. Target: under 100 ms each. The floor is the lint itself on the same
// text in this process (snapshot + every rule, skc's own statements from
// src/), so the ratio is what the server, the protocol and the tree read
// add to linting.
import { spawn } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node.js"
import { BIN, benchEnv, fromSource, median, percentile, report, sandbox } from "./lib.mjs"

const LINES = 2000
const EDITS = 100

/** A skill of 2,000 lines: sections with prose, links to a reference and anchors, code blocks. */
const skillText = () => {
  const out = ["---", "name: big", "description: A large skill for the language server benchmark. Use when measuring skc lsp.", "---", "# Big", ""]
  let section = 0
  while (out.length < LINES - 8) {
    section++
    out.push(`## Section ${section}`, "", `Read [the reference](reference.md#part-${section % 5}) and [the next part](#section-${section + 1}).`, "")
    for (let i = 0; i < 8; i++) out.push(`Line ${i} of section ${section}: some prose an agent reads, with \`inline code\` and a path scripts/run.sh.`)
    out.push("", "```bash", `echo section ${section}`, "```", "")
  }
  while (out.length < LINES) out.push("Closing prose.")
  return out.join("\n") + "\n"
}

const reference = () => Array.from({ length: 5 }, (_, i) => `# Part ${i}\n\nText.\n`).join("\n")

export default async function lspBench({ edits = EDITS } = {}) {
  const sb = sandbox()
  const dir = join(sb.work, "big")
  mkdirSync(join(dir, "scripts"), { recursive: true })
  const text = skillText()
  writeFileSync(join(dir, "SKILL.md"), text)
  writeFileSync(join(dir, "reference.md"), reference())
  writeFileSync(join(dir, "scripts", "run.sh"), "#!/bin/sh\n")

  // Floor: the lint engine in process on the same text.
  const { makeSnapshot, runRules, configureRules, RULES } = await fromSource("lsp-floor", [
    'export { makeSnapshot } from "./src/domain/lint/snapshot.ts"',
    'export { runRules, configureRules } from "./src/domain/lint/runner.ts"',
    'export { RULES } from "./src/domain/lint/registry.ts"'
  ])
  const rules = configureRules(RULES, {}).rules
  const entries = ["SKILL.md", "reference.md", "scripts/run.sh"].map((path) => ({ path, type: "file" }))
  const floors = []
  for (let i = 0; i < 20; i++) {
    const source = text.replace("Closing prose.", `Closing prose ${i}.`)
    const t0 = performance.now()
    runRules(makeSnapshot({ dirName: "big", entries: [...entries, { path: "scripts", type: "directory" }], markdownFiles: [{ path: "SKILL.md", source }, { path: "reference.md", source: reference() }] }), rules)
    floors.push(performance.now() - t0)
  }

  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], { cwd: sb.work, env: benchEnv({ SKILLC_HOME: sb.home }), stdio: ["pipe", "pipe", "inherit"] })
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
  const uri = pathToFileURL(join(dir, "SKILL.md")).href
  let waiting
  connection.onNotification("textDocument/publishDiagnostics", (p) => {
    if (waiting !== undefined && p.uri === uri && p.version === waiting.version) {
      const w = waiting
      waiting = undefined
      w.resolve(p)
    }
  })
  connection.onNotification("window/logMessage", () => {})
  connection.listen()
  const diagnosticsOf = (version) => new Promise((resolve) => (waiting = { version, resolve }))
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: pathToFileURL(sb.work).href, capabilities: {} })
  await connection.sendNotification("initialized", {})
  let got = diagnosticsOf(1)
  await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "markdown", version: 1, text } })
  await got

  const samples = []
  const lines = text.split("\n")
  for (let v = 2; v < edits + 2; v++) {
    // Type a word at the end of a prose line somewhere in the file.
    const line = 10 + ((v * 37) % (LINES - 20))
    const character = lines[line].length
    lines[line] += "x"
    got = diagnosticsOf(v)
    const t0 = performance.now()
    await connection.sendNotification("textDocument/didChange", {
      textDocument: { uri, version: v },
      contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: "x" }]
    })
    await got
    samples.push(performance.now() - t0)
  }
  await connection.sendRequest("shutdown")
  await connection.sendNotification("exit")
  await new Promise((r) => child.once("exit", r))
  connection.dispose()
  rmSync(sb.root, { recursive: true, force: true })

  const floor = median(floors)
  const p50 = median(samples)
  const p95 = percentile(samples, 95)
  const within = (ms) => (ms < 100 ? "target < 100 ms: ok" : "target < 100 ms: OVER TARGET")
  return [
    report("lsp.change.p50", p50, floor, undefined, `${LINES} lines, ${edits} edits; ${within(p50)}; floor = lint in process`),
    report("lsp.change.p95", p95, floor, undefined, `${within(p95)}; max ${Math.max(...samples).toFixed(1)} ms`)
  ]
}
