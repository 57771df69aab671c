/**
 * How `skc mcp --http` stops listening (docs/team.md "Stopping") so that no
 * request a client has already sent is lost to a reset.
 *
 * Node's `http.Server.close()` (Node >= 19) closes the listener and, at once,
 * every connection with no request read yet. Two kinds of connection hold a
 * request the server has not read: one in the kernel's accept queue (its
 * handshake completed, its request in its buffer; Node accepts one
 * connection per turn of the event loop), and one accepted, or kept alive,
 * whose request is in its buffer, unread. Closing the listener resets the
 * first kind, closing an "idle" connection the second: the client's request
 * is lost unanswered (a walk: SIGTERM under 30 stateless `tools/call`s from
 * the SDK's client, 14 failed with ECONNRESET). Here the waiting connections
 * are accepted and their requests read before anything is closed: each such
 * request then begins on a stopping server, which answers it
 * (`answerStopping` in http.ts). Counted in turns of the event loop, each
 * with a poll for I/O, never in time.
 */
import { Server as NetServer } from "node:net"
import type { Server as NodeServer } from "node:http"

/** One turn of the event loop: a `setImmediate` runs after the poll phase of the turn it is queued in. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Stop listening without losing a request already sent; resolves once the listener is closed, the
 * connections in the accept queue accepted and what every open connection held read. The connections
 * with no request then are closed (a request sent on one from now on races the close, as with any
 * server that closes a keep-alive connection). `closed`: the server's close, once every connection
 * has ended.
 *
 * `maxTurns` bounds the accepting (a client opening connections without end cannot hold the stop).
 */
export const stopListening = async (server: NodeServer, maxTurns: number): Promise<{ readonly closed: Promise<void> }> => {
  let accepted = 0
  const count = () => void accepted++
  server.on("connection", count)
  try {
    // Two quiet turns in a row: the first may run before any poll (queued during a poll), the second follows one.
    for (let quiet = 0, turns = 0; quiet < 2 && turns < maxTurns; turns++) {
      const before = accepted
      await turn()
      quiet = accepted === before ? quiet + 1 : 0
    }
  } finally {
    server.off("connection", count)
  }
  // The listener only (net.Server's close): http.Server's would close the idle connections now, unread.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()))
  // A poll between two turns: the connections accepted last have their requests read (and begun) too.
  await turn()
  await turn()
  server.closeIdleConnections()
  return { closed }
}
