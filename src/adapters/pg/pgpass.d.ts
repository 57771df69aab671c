// The `pgpass` module (the password-file reader `pg` depends on) ships no types.
declare module "pgpass" {
  interface ConnectionInfo {
    readonly host?: string | undefined
    readonly port?: number | string | undefined
    readonly database?: string | undefined
    readonly user?: string | undefined
  }
  /** Calls back with the password the password file holds for `info`, or undefined. */
  const pgPass: (info: ConnectionInfo, callback: (password: string | undefined) => void) => void
  export default pgPass
}
