/**
 * A URL as a message may quote it: its password (`scheme://user:password@`)
 * hidden. The team database's URLs are shown by the PostgreSQL adapter's
 * `describeUrl` once they are PostgreSQL's; a URL refused before that (a
 * mistyped scheme, `postgress://skc:secret@…`) is quoted back through this,
 * so a slip of the scheme does not print the password to a terminal or a
 * CI log. Wherever `user:password@` stands: a URL pasted with a space
 * before it or typed with one slash (`postgres:/skc:secret@…`) was quoted
 * whole (a probe).
 */
export const withoutPassword = (url: string): string => url.replace(/([^/?#@:\s]*):[^/?#@\s]*@/g, "$1:***@")

/**
 * What a team database URL is shown as in messages and JSON: scheme, host, port and database, neither the
 * user nor the password (docs/team.md "Connection and secrets"). `--log-to`'s lines showed the user.
 */
export const describeUrl = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`
  } catch {
    return "postgres://…"
  }
}

/**
 * A team database URL as a message about it quotes it: without its user and password (`scheme://user:pw@`
 * dropped, a `password=` parameter masked) but with the rest as typed, its query included, since the
 * message may be about that (`?sslmode=requre`). `--log-to`'s lines showed the user name.
 */
export const withoutCredentials = (url: string): string =>
  url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/?#@\s]*@/, "$1").replace(/([?&]password=)[^&#]*/gi, "$1***")
