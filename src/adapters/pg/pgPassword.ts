/**
 * Where the team store's connection settings come from when the URL leaves
 * them out, as `psql` and the `pg` driver find them: `PGHOST`, `PGPORT`,
 * `PGDATABASE`, `PGUSER`, `PGPASSWORD` (through `pg`'s own reading of the
 * URL and the environment), then the password file (`PGPASSFILE`, else
 * `~/.pgpass`) read by `pgpass`, the module `pg` itself uses for it (ignored
 * when `PGPASSWORD` is set, when it is not a plain file, or when the group
 * or others may read it).
 *
 * `@effect/sql-pg` 4 speaks the wire protocol itself and reads none of
 * these; skc's documentation promises them (docs/team.md), so they are
 * resolved here, once per store, and handed to it.
 */
import pg from "pg"
import pgPass from "pgpass"

export interface PgSettings {
  readonly host: string
  readonly port: number
  readonly database: string | undefined
  readonly username: string | undefined
  readonly password: string | undefined
}

/**
 * The URL as both drivers are given it: an `sslmode` the `pg` driver takes
 * as an alias of `verify-full` (`prefer`, `require`, `verify-ca`), and
 * `allow`, written as `verify-full`. The driver's ten-line process warning
 * about the aliases is not printed (skc says it in one line,
 * src/app/usage/teamDatabase.ts). `@effect/sql-pg`, which runs the views,
 * reads `prefer` and `allow` as "TLS if the server offers it": given the
 * URL as written it fell back to plain text while skc said the certificate
 * was verified, and `pg`, which runs a push's COPY, then refused the same
 * server (found by a new-user pass). Both now connect the one way skc
 * says.
 */
export const driverUrl = (url: string): string =>
  url.replace(/([?&]sslmode=)(?:allow|prefer|require|verify-ca)(?=[&#]|$)/g, "$1verify-full")

/** The settings `pg` would connect with for `url` (nothing is opened), the password file included. */
export const pgSettings = async (url: string): Promise<PgSettings> => {
  // The driver's own reading of the URL and of the PG* variables.
  const client = new pg.Client({ connectionString: driverUrl(url) })
  const base = {
    host: client.host,
    port: client.port,
    database: client.database ?? undefined,
    username: client.user ?? undefined
  }
  if (typeof client.password === "string") return { ...base, password: client.password }
  const password = await new Promise<string | undefined>((resolve) =>
    pgPass({ host: base.host, port: base.port, database: base.database, user: base.username }, resolve)
  )
  return { ...base, password }
}
