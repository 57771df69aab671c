// Minimal typings for the parts of better-sqlite3 that skc uses directly:
// the search index's bulk write (SqliteSearchIndex.ts) and the tests that
// inspect and damage index files. The package ships no declarations and
// @types/better-sqlite3 is not a dependency.
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
    pragma(source: string): unknown
    close(): this
  }
  export default Database
}
