// lsp.change (issue 50): a 2,000-line SKILL.md open in `skc lsp`, edited
// 100 times (one line each, sent as an incremental change, the next edit
// after the previous diagnostics arrived); each figure is the time from
// sending the change to receiving the diagnostics of that version, p50 and
// p95. Target: under 100 ms each. The floor is the lint itself on the same
// text in this process (snapshot + every rule, skc's own statements from
// src/), so the ratio is what the server, the protocol and the tree read
// add to linting.
//
// lsp.change.bigref: the same edits with a 1 MB reference file in the skill
// (a skill shipping API docs). Each lint reads the whole skill, so before
// the parse cache every keystroke in SKILL.md re-parsed the reference too
// (about 1 s a MB). Floor: the lint in process with the reference's parse
// kept (the work a change requires). Target: under 100 ms, as above.
import { spawn } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from "vscode-languageserver-protocol/node"
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

/** About 1 MB of reference prose: sections with links and code spans. */
const bigReference = () => {
  const out = ["# API", ""]
  for (let i = 0; out.join("\n").length < 1_000_000 && i < 100_000; i++) {
    if (i % 40 === 0) out.push(`## Call group ${i / 40}`, "")
    out.push(`Call number ${i} takes \`arg${i}\` and returns [a result](#call-group-${Math.floor(i / 40)}); see the notes below.`)
  }
  return out.join("\n") + "\n"
}

const reference = () => Array.from({ length: 5 }, (_, i) => `# Part ${i}\n\nText.\n`).join("\n")

export default async function lspBench({ edits = EDITS } = {}) {
  const { makeSnapshot, runRules, configureRules, RULES } = await fromSource("lsp-floor", [
    'export { makeSnapshot } from "./src/domain/lint/snapshot.ts"',
    'export { runRules, configureRules } from "./src/domain/lint/runner.ts"',
    'export { RULES } from "./src/domain/lint/registry.ts"'
  ])
  const rules = configureRules(RULES, {}).rules
  const text = skillText()
  const small = await scenario({ text, referencePath: "reference.md", referenceText: reference(), edits, engine: { makeSnapshot, runRules, rules } })
  const big = await scenario({ text, referencePath: "references/api.md", referenceText: bigReference(), edits: Math.min(edits, 20), engine: { makeSnapshot, runRules, rules } })
  const within = (ms) => (ms < 100 ? "target < 100 ms: ok" : "target < 100 ms: OVER TARGET")
  return [
    report("lsp.change.p50", small.p50, small.floor, undefined, `${LINES} lines, ${edits} edits; ${within(small.p50)}; floor = lint in process`),
    report("lsp.change.p95", small.p95, small.floor, undefined, `${within(small.p95)}; max ${small.max.toFixed(1)} ms`),
    report("lsp.change.bigref.p50", big.p50, big.floor, undefined, `${LINES} lines + a ${(big.referenceBytes / 1e6).toFixed(1)} MB reference, ${big.edits} edits; ${within(big.p50)}; floor = lint in process, the reference's parse kept`)
  ]
}

/** One skill open in `skc lsp`, SKILL.md edited `edits` times: each change's time to its diagnostics, and the floor. */
async function scenario({ text, referencePath, referenceText, edits, engine }) {
  const sb = sandbox()
  const dir = join(sb.work, "big")
  mkdirSync(join(dir, "scripts"), { recursive: true })
  mkdirSync(dirname(join(dir, referencePath)), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), text)
  writeFileSync(join(dir, referencePath), referenceText)
  writeFileSync(join(dir, "scripts", "run.sh"), "#!/bin/sh\n")

  // Floor: the lint engine in process on the same text, each file's parse kept between lints as the server keeps it.
  const { makeSnapshot, runRules, rules } = engine
  const entries = ["SKILL.md", referencePath, "scripts/run.sh"].map((path) => ({ path, type: "file" }))
  const parseCache = new Map()
  const floors = []
  for (let i = 0; i < 21; i++) {
    const source = text.replace("Closing prose.", `Closing prose ${i}.`)
    const t0 = performance.now()
    runRules(makeSnapshot({ dirName: "big", entries: [...entries, { path: "scripts", type: "directory" }], markdownFiles: [{ path: "SKILL.md", source }, { path: referencePath, source: referenceText }], parseCache }), rules)
    // The first lint parses the reference once, as the server's first lint does (not a change).
    if (i > 0) floors.push(performance.now() - t0)
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

  return { floor: median(floors), p50: median(samples), p95: percentile(samples, 95), max: Math.max(...samples), edits, referenceBytes: referenceText.length }
}
