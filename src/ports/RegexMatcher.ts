/**
 * Regular expressions given by a user, run under a deadline (issue 45 item 2:
 * `skc eval --extract-regex '^(a+)+$'` backtracked for minutes past
 * `--timeout`). JavaScript's engine backtracks, and an expression cannot be
 * stopped from the outside of the code running it; the Node adapter runs it
 * in a `vm` context with a timeout, which V8 interrupts mid-match.
 */
import { Context, type Effect } from "effect"

export interface RegexMatcherService {
  /**
   * Every match of `regex` (global) in `text`: the group named `skill`, else
   * group 1, else the whole match. Fails with the deadline when the match
   * takes longer than `timeoutMs`.
   */
  readonly matchAll: (regex: RegExp, text: string, timeoutMs: number) => Effect.Effect<ReadonlyArray<string>, RegexTimedOut>
}

export class RegexTimedOut {
  readonly _tag = "RegexTimedOut"
  constructor(readonly timeoutMs: number) {}
}

export class RegexMatcher extends Context.Service<RegexMatcher, RegexMatcherService>()("skillc/RegexMatcher") {}
