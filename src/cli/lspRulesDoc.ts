/**
 * Where this installation's docs/rules.md is, for the rule links of `skc
 * lsp`'s diagnostics (issue 50): the package ships docs/ beside dist/, and
 * a bundle runs from dist/ (the full CLI) or dist/commands/ (its own).
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

export const rulesDocUri = (bundleDir: string): string => {
  const candidates = [join(bundleDir, "..", "docs", "rules.md"), join(bundleDir, "..", "..", "docs", "rules.md")]
  return pathToFileURL(candidates.find((c) => existsSync(c)) ?? candidates[0]!).href
}
