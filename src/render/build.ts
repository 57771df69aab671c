/** Text form of a build result (RFC-0001:C-DEPLOYMENT "report each deployment with method used"). */
import type { BuildResult } from "../app/build.js"
import type { BuildManyResult } from "../app/buildMany.js"

export const renderBuild = (r: BuildResult): string => {
  const lines: Array<string> = []
  if (r.imported !== null) {
    lines.push(`Imported ${r.imported.from} -> ${r.imported.to}${r.imported.replaced ? " (replaced)" : ""}`)
  }
  lines.push(`Built ${r.skill}`)
  lines.push(`  Source:  ${r.source} (${r.source_scope})`)
  lines.push(`  Runtime: ${r.runtime} (${r.scope})`)
  for (const d of r.deployments) {
    const note = d.replaced === "forced" ? ", replaced with --force" : ""
    lines.push(`  Deploy:  ${d.target} -> ${d.path} (${d.method}${note})`)
  }
  return lines.join("\n") + "\n"
}

/** Text form of a build of several skills: one line per skill, then the total (issue 12, item 4). */
export const renderBuildMany = (r: BuildManyResult): string => {
  const lines = r.results.map((o) =>
    o.ok
      ? `Built ${o.skill} -> ${o.result.deployments.map((d) => `${d.path} (${d.method})`).join(", ")}`
      : `Failed ${o.skill}: ${o.error.message}`
  )
  const skills = `${r.total} skill${r.total === 1 ? "" : "s"}`
  lines.push(`${skills}: ${r.built} built, ${r.failed} failed`)
  return lines.join("\n") + "\n"
}
