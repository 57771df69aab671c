/**
 * A `--since`/`--until` value (RFC-0003:C-FILTERS) as the stored timestamp.
 *
 * Besides the RFC's RFC 3339 timestamps and dates, a duration back from now
 * (`7d`, `12h`, `2w`) is accepted: the usage analytics guide filters with
 * `skc stats my-skill --since 7d`, and an author asks "the last week" far more
 * often than from a calendar date. The duration is resolved against the
 * Clock here, in the use case, so the echoed `filters.since`/`until` stays an
 * RFC 3339 timestamp (C-SCHEMA "datetime-or-null") and the domain stays pure.
 */
import { Clock, Effect, Result } from "effect"
import { InvalidFilter } from "../../domain/errors.js"
import { formatTimestamp, parseTimeFilter } from "../../domain/stats.js"

const UNIT_MS = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const

/**
 * `<N>h`, `<N>d` or `<N>w` (case-insensitive): the instant that long before
 * `nowMs`, in epoch milliseconds; `undefined` for anything else. No `m`: it
 * would read as minutes to some and months to others.
 */
export const durationBefore = (value: string, nowMs: number): number | undefined => {
  const m = /^(\d{1,6})([hdw])$/i.exec(value.trim())
  if (m === null) return undefined
  return nowMs - Number(m[1]) * UNIT_MS[m[2]!.toLowerCase() as keyof typeof UNIT_MS]
}

/** The normalised filter bound, or E031 naming every accepted form. */
export const timeFilter = Effect.fnUntraced(function* (flag: "since" | "until", value: string) {
  const ago = durationBefore(value, yield* Clock.currentTimeMillis)
  // Through parseTimeFilter either way, so a duration is rounded inwards to whole seconds as a timestamp is.
  const parsed = parseTimeFilter(flag, ago === undefined ? value : formatTimestamp(ago))
  if (Result.isSuccess(parsed)) return parsed.success
  return yield* Effect.fail(
    new InvalidFilter({
      message: `--${flag} ${value}: expected an RFC 3339 timestamp (2026-01-30T12:00:00Z), a date (2026-01-30) or a time back from now (12h, 7d, 2w)`
    })
  )
})
