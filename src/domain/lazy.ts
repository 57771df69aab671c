/**
 * A value made at its first use instead of at module load. For the Unicode
 * property classes of the markdown and search code: building one costs
 * 0.5–2 ms, paid at start-up by every command that loads the module even
 * when it never matches anything with it (issue 30).
 */
export const lazy = <A>(make: () => A): (() => A) => {
  let value: A | undefined
  return () => (value ??= make())
}
