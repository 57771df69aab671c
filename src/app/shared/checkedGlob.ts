/**
 * A `--pattern` glob compiled once, or E100 (DECISIONS #25): picomatch
 * throws on what it cannot compile (a glob past its 65,536 characters),
 * which `skc sources` and `skc_sources` reported as E999 with picomatch's
 * words while `skc list` said E100. One check for both.
 */
import { Effect } from "effect"
import picomatch from "picomatch"
import { InvalidOption } from "../../domain/errors.js"

export const checkedGlob = (pattern: string) =>
  Effect.try({
    try: () => picomatch(pattern, { dot: true }),
    catch: (e) => new InvalidOption({ message: `--pattern: invalid glob '${pattern}'${e instanceof Error && /length/i.test(e.message) ? " (longer than a glob may be: 65,536 characters)" : ""}` })
  })
