/** Text form of `skc init` (RFC-0006:C-INIT). Pure; the MCP server reuses it. */
import { visible } from "../domain/visible.js"
import type { InitResult } from "../app/build/init.js"

/** `<home>/.skillc`, which `skc init` run in the home directory makes: the global store, never a project (DECISIONS #14). */
const isGlobalStore = (path: string, home: string | undefined): boolean =>
  home !== undefined && home !== "" && ["/", "\\"].some((sep) => path === `${home.replace(/[\\/]+$/, "")}${sep}.skillc`)

const headline = (result: InitResult, home: string | undefined): string =>
  result.kind === "project" && isGlobalStore(result.path, home)
    ? `${result.created ? "Created the global store" : "The global store is"} at ${result.path} (a home directory is never a project)`
    : result.kind === "project"
    ? result.created
      ? `Initialized skillc project in ${result.path}`
      : `skillc project already initialized in ${result.path}`
    : `Created ${result.scope} skill '${result.name}' at ${result.path}/SKILL.md`

/** `home`: the home skc uses (`$SKILLC_HOME` or the real one), to name its `.skillc` the global store it is. */
export const renderInit = (result: InitResult, home?: string): string =>
  [
    visible(headline(result, home)),
    // issue 46 item 2: what keeps the machine's files out of git
    ...(result.gitignore === undefined ? [] : [visible(`Added to ${result.gitignore.path}: ${result.gitignore.added.join(" ")} (commit the rest: skc build --all after a clone)`)])
  ].join("\n")
