/** The activation fixture set: a realistic catalogue of skills and (request, expected) pairs. */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { validateSkillSource } from "../../src/domain/protocol/metadata.js"
import type { ActivationCase } from "../../src/domain/protocol/evaluate.js"

export const CATALOGUE_DIR = join(__dirname, "..", "fixtures", "catalogue")

export const loadCatalogue = () => {
  const skills = readdirSync(CATALOGUE_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const r = validateSkillSource(readFileSync(join(CATALOGUE_DIR, e.name, "SKILL.md"), "utf8"))
      if (r._tag !== "Valid") throw new Error(`fixture ${e.name} invalid: ${r.problems.join("; ")}`)
      return { name: r.metadata.name, description: r.metadata.description }
    })
  const cases = (JSON.parse(readFileSync(join(CATALOGUE_DIR, "cases.json"), "utf8")) as { cases: Array<ActivationCase> }).cases
  return { skills, cases }
}
