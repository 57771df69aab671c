/**
 * Damage a built search index as a disk error would: the root page of one of its tables zeroed, while
 * `index_meta` (another page) still reads. A test of what a read of that table meets (RFC-0004:C-INDEX).
 */
import { readFileSync, writeFileSync } from "node:fs"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

export const zeroRootPage = (indexPath: string, table: string): void => {
  const db = new Database(indexPath, { readonly: true })
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE name = ?").get(table) as { rootpage: number }
  const { page_size } = db.prepare("PRAGMA page_size").get() as { page_size: number }
  db.close()
  const bytes = readFileSync(indexPath)
  bytes.fill(0, (rootpage - 1) * page_size, rootpage * page_size)
  writeFileSync(indexPath, bytes)
}
