/**
 * A watcher's rebuilds, as a query sees them (issue 29 item 5). Under
 * `skc mcp --watch` a call made right after an edit used to find the index
 * stale and answer E002 "run 'skc build'" although the watcher was about to
 * rebuild it. A query that finds its index unusable now asks `settle`: when
 * a watcher of the same process covers the skill, it polls that skill at
 * once (a rebuild running is finished first; an edit it has not seen yet is
 * rebuilt without waiting for the debounce), and `settle` answers true once
 * that poll is done, so the caller opens the index again. The wait is
 * bounded: after `timeoutMs` the caller gives its normal answer.
 *
 * The default (no watcher in this process) answers false at once: a
 * one-shot CLI process keeps the RFC's E002.
 */
import { Context, Effect } from "effect"

export interface PendingRebuildService {
  /** `dirs`: the skill's source directory as resolved, and its canonical form. */
  readonly settle: (dirs: ReadonlyArray<string>) => Effect.Effect<boolean>
}

export const noWatcher: PendingRebuildService = { settle: () => Effect.succeed(false) }

export const PendingRebuild = Context.Reference<PendingRebuildService>("skillc/PendingRebuild", {
  defaultValue: () => noWatcher
})
