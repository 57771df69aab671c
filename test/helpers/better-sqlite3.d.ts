// Minimal typings for the parts of better-sqlite3 the tests use to inspect
// and damage index files directly (the package ships no declarations and
// @types/better-sqlite3 is not a dependency).
declare module "better-sqlite3" {
  interface Statement {
    get(...params: ReadonlyArray<unknown>): unknown
    all(...params: ReadonlyArray<unknown>): Array<unknown>
    run(...params: ReadonlyArray<unknown>): unknown
  }
  class Database {
    constructor(filename: string, options?: { readonly?: boolean; fileMustExist?: boolean })
    prepare(sql: string): Statement
    exec(sql: string): this
    close(): this
  }
  export default Database
}
