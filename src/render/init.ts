/** Text form of `skc init` (RFC-0006:C-INIT). Pure; the MCP server reuses it. */
import { visible } from "../domain/visible.js"
import type { InitResult } from "../app/build/init.js"

const headline = (result: InitResult): string =>
  result.kind === "project"
    ? result.created
      ? `Initialized skillc project in ${result.path}`
      : `skillc project already initialized in ${result.path}`
    : `Created ${result.scope} skill '${result.name}' at ${result.path}/SKILL.md`

export const renderInit = (result: InitResult): string =>
  [
    visible(headline(result)),
    // issue 46 item 2: what keeps the machine's files out of git
    ...(result.gitignore === undefined ? [] : [visible(`Added to ${result.gitignore.path}: ${result.gitignore.added.join(" ")} (commit the rest: skc build --all after a clone)`)])
  ].join("\n")
