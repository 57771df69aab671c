/**
 * `skc lint a b c`: the reports of the skills linted and the targets that
 * failed (`at`: how many reports came before each) merged back into the
 * order the targets were named, for every document of the run (text, JSON).
 */
export type InOrder<R, F> = { readonly report: R } | { readonly failure: F }

export const inTargetOrder = <R, F extends { readonly at: number }>(
  reports: ReadonlyArray<R>,
  failures: ReadonlyArray<F>
): ReadonlyArray<InOrder<R, F>> => {
  const out: Array<InOrder<R, F>> = []
  let next = 0
  reports.forEach((report, i) => {
    for (; next < failures.length && failures[next]!.at <= i; next++) out.push({ failure: failures[next]! })
    out.push({ report })
  })
  for (; next < failures.length; next++) out.push({ failure: failures[next]! })
  return out
}
