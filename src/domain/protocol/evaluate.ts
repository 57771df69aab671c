/**
 * Top-1 accuracy of the activation model over (request, expected skill)
 * pairs: the fixture set in test/fixtures/catalogue, reported by `npm run
 * bench -- match` and asserted by the tests. `expected: null` means no skill
 * should activate (an off-topic request), which is what sets the threshold.
 */
import { rankSkills } from "./match.js"

export interface ActivationCase {
  readonly request: string
  readonly expected: string | null
}

export interface ActivationEvaluation {
  readonly total: number
  readonly correct: number
  readonly accuracy: number
  readonly failures: ReadonlyArray<{ readonly request: string; readonly expected: string | null; readonly got: string | null }>
}

export const evaluateActivation = (
  catalogue: ReadonlyArray<{ readonly name: string; readonly description: string }>,
  cases: ReadonlyArray<ActivationCase>,
  threshold?: number
): ActivationEvaluation => {
  const candidates = catalogue.map((s) => ({ ...s, scope: "project" as const, path: s.name }))
  const failures: Array<{ request: string; expected: string | null; got: string | null }> = []
  for (const c of cases) {
    const top = rankSkills(c.request, candidates, { nowMs: 0, limit: 1, ...(threshold === undefined ? {} : { threshold }) })[0]
    const got = top?.name ?? null
    if (got !== c.expected) failures.push({ request: c.request, expected: c.expected, got })
  }
  const correct = cases.length - failures.length
  return { total: cases.length, correct, accuracy: cases.length === 0 ? 0 : correct / cases.length, failures }
}
