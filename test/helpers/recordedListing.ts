/**
 * A listing recorded from a real agent client (test/fixtures/<agent>-listing/<client>.json): the skills
 * block its first model request held, per scenario, each skill as the client wrote it. Replayed by
 * test/e2e/*-real-listing.test.ts against `skc prompt --agent <agent>`.
 */
import { cpSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { ROOT, sandbox } from "./cli.js"

export interface RecordedEntry {
  readonly name: string
  readonly description: string
  /** The client's location: a path relative to the fixture, or what it writes for its own skills. */
  readonly location: string
}

/** The fixture directory of `agent` and its recording `file`'s scenarios. */
export const recordedListing = (agent: string, file: string) => {
  const dir = join(ROOT, "test", "fixtures", `${agent}-listing`)
  const recorded = JSON.parse(readFileSync(join(dir, file), "utf8")) as { scenarios: Record<string, ReadonlyArray<RecordedEntry>> }
  return { dir, scenarios: recorded.scenarios }
}

/**
 * A sandbox holding the fixture's `home` as its home (the user's directories) and the fixture's `tree`
 * under its work directory; with `repository`, a `.git` directory at `<tree>/repo`, the repository root
 * the clients stop at (a fixture cannot hold a .git directory of its own).
 */
export const fixtureSandbox = (dir: string, tree: string, repository: boolean) => {
  const sb = sandbox()
  cpSync(join(dir, "home"), sb.home, { recursive: true })
  cpSync(join(dir, tree), join(sb.work, tree), { recursive: true })
  if (repository) mkdirSync(join(sb.work, tree, "repo", ".git"))
  return sb
}
