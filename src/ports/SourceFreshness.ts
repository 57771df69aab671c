/**
 * Remembering, between calls of a long-lived process (`skc mcp`), that a
 * skill's index matched its sources (issue 16, DECISIONS #22).
 *
 * DECISIONS #22 wants every `search`/`show` to answer from an index of the
 * sources as they are now. A one-shot CLI process checks by stat-ing every
 * source file. A server may instead keep a record per index: "this index
 * file (as stat'ed) matched sources of hash H, and nothing under the source
 * directories has changed since" — which only a file watcher can say. The
 * default service remembers nothing (every call checks); the MCP server
 * provides the watching one (the node adapter `WatchingFreshness.ts`).
 *
 * The protocol, per index path:
 * 0. `settle` once per call, before any `isFresh`: the events already
 *    queued for the watchers arrive (a file written before the request was
 *    sent counts against the records). A call asking about many indexes
 *    (`search --all`) settles once for all of them.
 * 1. `isFresh`: true only for a record that was verified, whose watchers saw
 *    no event since, and whose index file is unchanged; then the caller may
 *    skip the check.
 * 2. Otherwise the caller runs the full check, announcing it with
 *    `checking` first (events from then on count against it), and reports a
 *    match with `matched` (with the directories of the tree). A record
 *    becomes verified only when a full check ran entirely under watchers
 *    that were already armed and saw nothing: so the first call arms, the
 *    second verifies, later ones are answered from the record.
 */
import { Context, Effect } from "effect"

export interface FreshnessKey {
  /** The index file. */
  readonly indexPath: string
  readonly sourceDir: string
  /** The index's `source_hash`. */
  readonly sourceHash: string
}

export interface SourceFreshnessService {
  readonly settle: Effect.Effect<void>
  readonly isFresh: (key: FreshnessKey) => Effect.Effect<boolean>
  readonly checking: (key: FreshnessKey) => Effect.Effect<void>
  /** The full check matched; `dirs` are the tree's directories relative to `sourceDir`. */
  readonly matched: (key: FreshnessKey, dirs: ReadonlyArray<string>) => Effect.Effect<void>
}

/** Remembers nothing: every call checks (one-shot processes). */
export const noFreshnessMemo: SourceFreshnessService = {
  settle: Effect.void,
  isFresh: () => Effect.succeed(false),
  checking: () => Effect.void,
  matched: () => Effect.void
}

export const SourceFreshness = Context.Reference<SourceFreshnessService>("skillc/SourceFreshness", {
  defaultValue: () => noFreshnessMemo
})
