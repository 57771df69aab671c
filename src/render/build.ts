/** Text form of a build result (RFC-0001:C-DEPLOYMENT "report each deployment with method used"). */
import { visible, visibleLines } from "../domain/visible.js"
import type { BuildResult } from "../app/build/build.js"
import type { BuildManyResult } from "../app/build/buildMany.js"

/** Said of a build whose sources match the last one (the index `up-to-date`): its runtime and links are refreshed, nothing else. */
const unchanged = (r: BuildResult): string => (r.index === "up-to-date" ? " (unchanged since the last build)" : "")

export const renderBuild = (r: BuildResult): string => {
  const lines: Array<string> = []
  if (r.imported !== null) {
    lines.push(`Imported ${r.imported.from} -> ${r.imported.to}${r.imported.replaced ? " (replaced)" : ""}`)
  }
  lines.push(`Built ${r.skill}${unchanged(r)}`)
  lines.push(`  Source:  ${r.source} (${r.source_scope})`)
  lines.push(`  Runtime: ${r.runtime} (${r.scope})`)
  for (const d of r.deployments) {
    const note = d.replaced === "forced" ? ", replaced with --force" : ""
    lines.push(`  Deploy:  ${d.target} -> ${d.path} (${d.method}${note})`)
  }
  return visibleLines(lines) + "\n"
}

/**
 * Text form of a build of several skills, in order: one line per skill, then
 * the total (issue 12, item 4). Each line says where it goes (DECISIONS #39,
 * issue 25 item 4): a skill's failure is an error, so stderr; the built
 * skills and the total are the result, so stdout.
 */
type Line = { readonly stream: "stdout" | "stderr"; readonly line: string }

export const buildManyLines = (r: BuildManyResult): ReadonlyArray<Line> => [
  ...r.results.flatMap((o): ReadonlyArray<Line> =>
    o.ok
      ? [{ stream: "stdout" as const, line: visible(`Built ${o.skill}${unchanged(o.result)} -> ${o.result.deployments.map((d) => `${d.path} (${d.method})`).join(", ")}`) }]
      : [
          { stream: "stderr" as const, line: visible(`Failed ${o.skill}: ${o.error.message}`) },
          // The error's own detail lines (`use --force to replace it`), indented under it as a single build prints them.
          ...o.error.text
            .split("\n")
            .slice(1)
            .filter((l) => l.trim() !== "")
            .map((l) => ({ stream: "stderr" as const, line: visible(`  ${l.trimStart()}`) }))
        ]
  ),
  { stream: "stdout" as const, line: `${r.total} skill${r.total === 1 ? "" : "s"}: ${r.built} built${unchangedCount(r)}, ${r.failed} failed` }
]

/** How many of the built skills were unchanged, when some were: `400 built (398 unchanged)`. */
const unchangedCount = (r: BuildManyResult): string => {
  const n = r.results.filter((o) => o.ok && o.result.index === "up-to-date").length
  return n === 0 ? "" : ` (${n === r.built ? "all" : n} unchanged)`
}

/** All of it as one text (stdout and stderr lines together, for callers that have one channel). */
export const renderBuildMany = (r: BuildManyResult): string => buildManyLines(r).map((l) => l.line).join("\n") + "\n"
