/**
 * A real LSP client for `skc lsp` (issue 50): `bin/skc.mjs lsp --stdio` as a
 * child process, spoken to with vscode-languageserver-protocol's own
 * connection over its stdin/stdout, isolated by SKILLC_HOME.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { pathToFileURL } from "node:url"
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type ProtocolConnection,
  type PublishDiagnosticsParams
} from "vscode-languageserver-protocol/node"
import { afterAll, beforeAll, expect } from "vitest"
import { BIN } from "./cli.js"

export interface LspSession {
  readonly connection: ProtocolConnection
  readonly child: ChildProcess
  /** The stderr the server wrote so far. */
  readonly stderr: () => string
  /** The next diagnostics published for `uri` that satisfy `until` (the latest ones when they already do). */
  readonly diagnostics: (uri: string, until?: (p: PublishDiagnosticsParams) => boolean) => Promise<ReadonlyArray<Diagnostic>>
  /** How many times diagnostics were published for `uri` so far. */
  readonly publications: (uri: string) => number
  /** Every publication for `uri` so far, in the order received. */
  readonly history: (uri: string) => ReadonlyArray<PublishDiagnosticsParams>
  /** `textDocument/didOpen` of `uri` with this text (markdown, version 1 unless given). */
  readonly open: (uri: string, text: string, options?: { readonly languageId?: string; readonly version?: number }) => Promise<void>
  /** shutdown, exit, and the server's exit code. */
  readonly close: () => Promise<number | null>
}

export const uriOf = (path: string): string => pathToFileURL(path).href

/** `runAs`: a command the server runs under (`setpriv --reuid=65534 …`: another user, for a permission test). */
/** What the sessions' client says it can do: VS Code's versioned workspace edits (its quick fixes apply them). */
const EDITOR_CAPABILITIES = { workspace: { workspaceEdit: { documentChanges: true } } }

export const startLsp = async (home: string, cwd: string, runAs: ReadonlyArray<string> = [], capabilities: object = EDITOR_CAPABILITIES): Promise<LspSession> => {
  const argv = [...runAs, process.execPath, BIN, "lsp", "--stdio"]
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, SKILLC_HOME: home, NO_COLOR: "1", LANG: "C.UTF-8" },
    stdio: ["pipe", "pipe", "pipe"]
  })
  let err = ""
  child.stderr!.on("data", (b: Buffer) => (err += b.toString()))
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!))
  const latest = new Map<string, PublishDiagnosticsParams>()
  const counts = new Map<string, number>()
  const histories = new Map<string, Array<PublishDiagnosticsParams>>()
  const waiters: Array<{ uri: string; until: (p: PublishDiagnosticsParams) => boolean; resolve: (d: ReadonlyArray<Diagnostic>) => void }> = []
  connection.onNotification("textDocument/publishDiagnostics", (p: PublishDiagnosticsParams) => {
    latest.set(p.uri, p)
    counts.set(p.uri, (counts.get(p.uri) ?? 0) + 1)
    histories.set(p.uri, [...(histories.get(p.uri) ?? []), p])
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i]!
      if (w.uri === p.uri && w.until(p)) {
        waiters.splice(i, 1)
        w.resolve(p.diagnostics)
      }
    }
  })
  connection.onNotification("window/logMessage", () => {})
  connection.listen()
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  await connection.sendRequest("initialize", { processId: process.pid, rootUri: uriOf(cwd), capabilities, workspaceFolders: [{ uri: uriOf(cwd), name: "work" }] })
  await connection.sendNotification("initialized", {})
  return {
    connection,
    child,
    stderr: () => err,
    publications: (uri) => counts.get(uri) ?? 0,
    history: (uri) => histories.get(uri) ?? [],
    diagnostics: (uri, until = () => true) =>
      new Promise((resolve) => {
        const have = latest.get(uri)
        if (have !== undefined && until(have)) resolve(have.diagnostics)
        else waiters.push({ uri, until, resolve })
      }),
    open: (uri, text, options = {}) =>
      connection.sendNotification("textDocument/didOpen", {
        textDocument: { uri, languageId: options.languageId ?? "markdown", version: options.version ?? 1, text }
      }),
    close: async () => {
      await connection.sendRequest("shutdown")
      await connection.sendNotification("exit")
      const code = await exited
      connection.dispose()
      return code
    }
  }
}

/**
 * One server for a test file: started before its tests, shut down after them (its exit status 0
 * asserted). The session is read through the getter, once the server has started.
 */
export const lspForFile = (sb: { readonly home: string; readonly work: string }): (() => LspSession) => {
  let lsp: LspSession | undefined
  beforeAll(async () => {
    lsp = await startLsp(sb.home, sb.work)
  }, 120_000)
  afterAll(async () => {
    if (lsp !== undefined) expect(await lsp.close()).toBe(0)
  })
  return () => lsp!
}
