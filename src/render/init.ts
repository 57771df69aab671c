/** Text form of `skc init` (RFC-0006:C-INIT). Pure; the MCP server reuses it. */
import { visible } from "../domain/visible.js"
import type { InitResult } from "../app/build/init.js"

export const renderInit = (result: InitResult): string =>
  visible(
    result.kind === "project"
    ? result.created
      ? `Initialized skillc project in ${result.path}`
      : `skillc project already initialized in ${result.path}`
    : `Created ${result.scope} skill '${result.name}' at ${result.path}/SKILL.md`
  )
