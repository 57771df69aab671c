// DECISIONS #12 (`skc lint --format sarif`): paths are relative to the repository GitHub code scanning
// resolves them against. A skills folder checked out as a submodule is part of the superproject's checkout
// (its `.git` a file naming `<super>/.git/modules/…`); a linked worktree and a standalone clone are their own.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { sarifReports } from "../../src/app/lint/lint.js"
import type { LintReport } from "../../src/app/lint/lint.js"
import { memoryWorld } from "../../src/testing.js"

const report = (path: string) => ({ skill: "pdf", path, diagnostics: [] }) as unknown as LintReport
const SKILL = "---\nname: pdf\ndescription: d\n---\n# Pdf\n"

describe("DECISIONS #12: SARIF paths from the scanned repository's root", () => {
  it("a submodule's skills are named from the superproject; a worktree and a standalone clone from their own top", async () => {
    const w = memoryWorld({
      cwd: "/ci",
      files: {
        "/super/.git/HEAD": "ref: refs/heads/main\n",
        "/super/.git/modules/skills/HEAD": "ref: refs/heads/main\n",
        "/super/skills/.git": "gitdir: ../.git/modules/skills\n",
        "/super/skills/pdf/SKILL.md": SKILL,
        "/main/.git/worktrees/wt/HEAD": "ref: refs/heads/x\n",
        "/wt/.git": "gitdir: /main/.git/worktrees/wt\n",
        "/wt/skills/pdf/SKILL.md": SKILL,
        "/clone/.git/HEAD": "ref: refs/heads/main\n",
        "/clone/pdf/SKILL.md": SKILL,
        "/moved/.git": "gitdir: /gone/.git/modules/moved\n",
        "/moved/pdf/SKILL.md": SKILL
      }
    })
    const paths = Result.getOrThrow(
      await w.run(sarifReports([report("/super/skills/pdf"), report("/wt/skills/pdf"), report("/clone/pdf"), report("/moved/pdf")]))
    ).map((r) => r.path)
    expect(paths).toEqual(["skills/pdf", "skills/pdf", "pdf", "pdf"])
  })
})
