/**
 * `skc mcp --http --port 0` as a real child process (issue 49): started,
 * its bound URL read from the line it prints on stderr, driven by the MCP
 * SDK's own Streamable HTTP client, stopped with a signal. Isolated like
 * every e2e test (SKILLC_HOME and HOME in the sandbox).
 */
import { spawn, type ChildProcess } from "node:child_process"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { BIN } from "./cli.js"

export interface HttpServer {
  readonly child: ChildProcess
  /** `http://127.0.0.1:<port>` */
  readonly base: string
  readonly stderr: () => string
  /** Send a signal; resolves with the exit status. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<number | null>
}

export const startHttpServer = (options: {
  readonly cwd: string
  readonly home: string
  readonly flags: ReadonlyArray<string>
  readonly env?: Record<string, string>
  /** Default 0: any free port. */
  readonly port?: number
}): Promise<HttpServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "mcp", "--http", "--port", String(options.port ?? 0), ...options.flags], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: options.home, SKILLC_HOME: options.home, NO_COLOR: "1", LANG: "C.UTF-8", ...options.env },
      stdio: ["ignore", "ignore", "pipe"]
    })
    let stderr = ""
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)))
    child.stderr!.setEncoding("utf8").on("data", (d: string) => {
      stderr += d
      const m = /serving (http:\/\/[^\s/]+)\/mcp/.exec(stderr)
      if (m !== null) {
        resolve({
          child,
          base: m[1]!,
          stderr: () => stderr,
          stop: (signal = "SIGTERM") => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal)
            return exited
          }
        })
      }
    })
    void exited.then((code) => reject(new Error(`skc mcp --http exited ${code} before serving:\n${stderr}`)))
  })

/** An SDK client connected to `url`, presenting `token` when given. */
export const connectHttp = async (url: string, token?: string, name = "skc-http-test"): Promise<Client> => {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(token === undefined ? {} : { requestInit: { headers: { Authorization: `Bearer ${token}` } } })
  })
  const client = new Client({ name, version: "2.5.0" })
  await client.connect(transport)
  return client
}
