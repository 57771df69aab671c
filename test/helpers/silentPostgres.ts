/**
 * A PostgreSQL stand-in that takes the login and then never answers (a server stopped with SIGSTOP, a
 * frozen network, as a probe met them): it refuses TLS ('N'), answers the startup with AuthenticationOk
 * and ReadyForQuery, and reads whatever comes next without a word.
 */
import { createServer, type AddressInfo, type Socket } from "node:net"

const message = (type: string, body: Buffer) => {
  const out = Buffer.alloc(5 + body.length)
  out.write(type, 0)
  out.writeInt32BE(4 + body.length, 1)
  body.copy(out, 5)
  return out
}

export const silentAfterLogin = async (): Promise<{ readonly port: number; readonly url: string; readonly close: () => void }> => {
  const sockets: Array<Socket> = []
  const server = createServer((socket) => {
    sockets.push(socket)
    socket.on("error", () => {})
    let started = false
    socket.on("data", (d) => {
      if (started) return
      // An SSLRequest: 'N', then the startup message follows.
      if (d.length === 8 && d.readInt32BE(4) === 80877103) return void socket.write("N")
      started = true
      socket.write(Buffer.concat([message("R", Buffer.alloc(4)), message("Z", Buffer.from("I"))]))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    url: `postgres://skc@127.0.0.1:${port}/team?sslmode=disable`,
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    }
  }
}
