// The next step a failed skc_* call names is the tool call the agent holds (src/domain/nextStep.ts,
// src/mcp/toolErrors.ts), on stdio and over HTTP; the CLI keeps its commands. Found by an agent driving
// `skc mcp` over the published anthropics/skills: `skc_outline file="python/claude-api/"` answered
// "list its files with: skc sources claude-api --dir python/claude-api", a shell command that over
// `skc mcp --http` reads nothing of the server's skills.
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { openFile } from "../../src/app/search/open.js"
import { outline } from "../../src/app/search/outline.js"
import { sources } from "../../src/app/search/sources.js"
import { IndexUnusable, renderError, SectionNotFound, type SkcError } from "../../src/domain/errors.js"
import { NotServed, withToolStep } from "../../src/mcp/skillResources.js"
import { toolErrorText } from "../../src/mcp/toolErrors.js"
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = "/proj/.skillc/skills/demo"
const fs = makeMemoryFileSystem()
fs.seed({
  [`${SKILL}/SKILL.md`]: "---\nname: demo\ndescription: d\n---\n# Demo\n\n## Start\n",
  [`${SKILL}/python/api/streaming.md`]: "# Streaming\n",
  [`${SKILL}/reference/techniques.md`]: "# Techniques\n\n## Flow Fields\n\ntext\n\n## Setup\n\na\n\n## Setup\n\nb\n",
  [`${SKILL}/notes.txt`]: "one\n"
})

const SERVED = new Set(["skc_list", "skc_show", "skc_open", "skc_sources", "skc_outline"])
/** What the agent reads for `error`, over stdio and over HTTP (the same), and what the CLI prints. */
const texts = (error: SkcError) => {
  const stdio = toolErrorText(error, { served: SERVED, remote: false, tool: "skc_open" })
  expect(toolErrorText(error, { served: SERVED, remote: true, tool: "skc_open" })).toBe(stdio)
  return { mcp: stdio, cli: renderError(error) }
}
const failure = <A, E extends SkcError, R>(effect: Effect.Effect<A, E, R>) => Effect.flip(effect).pipe(Effect.map(texts))

layer(memoryLayer({ fs }))("next steps of a failed call", (it) => {
  describe("name the tool call over MCP and the command on the CLI", () => {
    it.effect("E021 of a directory given as a file: skc_sources with dir", () =>
      Effect.gen(function* () {
        const t = yield* failure(outline({ skill: "demo", file: "python/api/" }))
        expect(t.mcp).toBe(`error[E021]: file not found: 'python/api/'\n  'python/api' is a directory of the skill: list its files with: skc_sources skill="demo" dir="python/api"`)
        expect(t.cli).toBe("error[E021]: file not found: 'python/api/'\n  'python/api' is a directory of the skill: list its files with: skc sources demo --dir python/api")
      })
    )

    it.effect("E021 of a link's anchor as a path: skc_show with the heading the anchor names, not the slug", () =>
      Effect.gen(function* () {
        // Lint accepts `[Flow Fields](reference/techniques.md#flow-fields)` (RFC-0008 SKL302); the step named
        // section="flow-fields", which show refuses with E020.
        const t = yield* failure(openFile({ skill: "demo", path: "reference/techniques.md#flow-fields" }))
        expect(t.mcp).toBe(
          `error[E021]: file not found: 'reference/techniques.md#flow-fields'\n  'reference/techniques.md#…' names a section: skc_show skill="demo" section="Flow Fields" file="reference/techniques.md"`
        )
        expect(t.cli).toBe(
          "error[E021]: file not found: 'reference/techniques.md#flow-fields'\n  'reference/techniques.md#…' names a section: skc show demo --section 'Flow Fields' --file reference/techniques.md"
        )
        // The second `## Setup` is `#setup-1`: named with its line.
        const second = yield* failure(openFile({ skill: "demo", path: "reference/techniques.md#setup-1" }))
        expect(second.cli).toBe(
          "error[E021]: file not found: 'reference/techniques.md#setup-1'\n  'reference/techniques.md#…' names a section: skc show demo --section Setup --file reference/techniques.md --line 11"
        )
      })
    )

    it.effect("E021 of a search result's label as a path: skc_show with section and file", () =>
      Effect.gen(function* () {
        const t = yield* failure(openFile({ skill: "demo", path: "SKILL.md#Start" }))
        expect(t.mcp).toBe(`error[E021]: file not found: 'SKILL.md#Start'\n  'SKILL.md#…' names a section: skc_show skill="demo" section="Start" file="SKILL.md"`)
        expect(t.cli).toBe("error[E021]: file not found: 'SKILL.md#Start'\n  'SKILL.md#…' names a section: skc show demo --section Start --file SKILL.md")
      })
    )

    it.effect("E021 of a label whose file is spelled in another case (a SKILL.md linking FORMS.md to forms.md): the step names the skill's file", () =>
      Effect.gen(function* () {
        const t = yield* failure(openFile({ skill: "demo", path: "Reference/Techniques.md#flow-fields" }))
        expect(t.cli).toBe(
          "error[E021]: file not found: 'Reference/Techniques.md#flow-fields'\n  'reference/techniques.md#…' names a section: skc show demo --section 'Flow Fields' --file reference/techniques.md"
        )
      })
    )

    it.effect("E021 with no close name and E022: skc_sources", () =>
      Effect.gen(function* () {
        const file = yield* failure(openFile({ skill: "demo", path: "zzzzzzzz.py" }))
        expect(file.mcp).toBe(`error[E021]: file not found: 'zzzzzzzz.py'\n  the skill's files: skc_sources skill="demo"`)
        expect(file.cli).toBe("error[E021]: file not found: 'zzzzzzzz.py'\n  the skill's files: skc sources demo")
        const dir = yield* failure(sources({ skill: "demo", dir: "zzzzzzzz" }))
        expect(dir.mcp).toBe(`error[E022]: directory not found: 'zzzzzzzz'\n  the skill's files and directories: skc_sources skill="demo"`)
      })
    )

    it.effect("a directory opened: skc_sources with dir", () =>
      Effect.gen(function* () {
        const t = yield* failure(openFile({ skill: "demo", path: "python" }))
        expect(t.mcp).toBe(`error: 'python' is a directory, not a file\n  list it with: skc_sources skill="demo" dir="python"`)
        expect(t.cli).toBe("error: 'python' is a directory, not a file\n  list it with: skc sources demo --dir python")
      })
    )
  })
})

describe("E020 of a file named as a section", () => {
  it("names skc_open and skc_show over MCP, skc open and skc show on the CLI", () => {
    const e = new SectionNotFound({ section: "references/a b.md", suggestions: [], fileNamed: { skill: "demo", file: "references/a b.md" } })
    expect(toolErrorText(e, { served: SERVED, remote: false, tool: "skc_show" }).split("\n").slice(1)).toEqual([
      `  'references/a b.md' is a file of the skill, not a heading (the stub lists a file without a title by its path); read it with: skc_open skill="demo" path="references/a b.md"`,
      `  or one of its sections with: skc_show skill="demo" file="references/a b.md" section="<heading>"`
    ])
    expect(renderError(e).split("\n").slice(1)).toEqual([
      "  'references/a b.md' is a file of the skill, not a heading (the stub lists a file without a title by its path); read it with: skc open demo 'references/a b.md'",
      "  or one of its sections with: skc show demo --file 'references/a b.md' --section '<heading>'"
    ])
  })
})

describe("a skill the extension does not serve (resources/read, skills/get)", () => {
  it("names skc_open when the session serves it", () => {
    const e = new NotServed({ message: "No skill is served at skill://agent-project/claude-api: description is 1068 characters", notFound: true, toolsRead: "claude-api" })
    expect(withToolStep(e, SERVED)).toBe(`${e.message}; the skc_* tools still read it: skc_open skill="claude-api" path="SKILL.md"`)
    expect(withToolStep(e, new Set(["skc_show"]))).toBe(e.message)
    expect(withToolStep(new NotServed({ message: "No skill is served at skill://project/nope", notFound: true }), SERVED)).toBe("No skill is served at skill://project/nope")
  })

  it("names the file the URI asked for, not SKILL.md (fifty-eighth pass: an agent followed the step to the wrong file)", () => {
    const e = new NotServed({ message: "No skill is served at skill://agent-project/claude-api: description is 1068 characters", notFound: true, toolsRead: "claude-api" })
    expect(withToolStep(e, SERVED, "skill://agent-project/claude-api/python/claude-api/streaming%20notes.md")).toBe(
      `${e.message}; the skc_* tools still read it: skc_open skill="claude-api" path="python/claude-api/streaming notes.md"`
    )
    // The skill's root (a directory read) and a URI of another skill name its SKILL.md.
    expect(withToolStep(e, SERVED, "skill://agent-project/claude-api")).toContain(`path="SKILL.md"`)
    expect(withToolStep(e, SERVED, "skill://agent-project/other/x.md")).toContain(`skill="claude-api" path="SKILL.md"`)
  })
})

describe("E002 over MCP names the skc_build call beside the RFC-0005 template (sixtieth pass: it alone kept the shell command)", () => {
  const e = new IndexUnusable({ skill: "pdf", reason: "sources changed" })
  it("on stdio, when skc_build is served", () => {
    expect(toolErrorText(e, { served: new Set([...SERVED, "skc_build"]), remote: false, tool: "skc_show" })).toBe(
      "error[E002]: search index unusable; run 'skc build pdf' to rebuild\n  rebuild it with: skc_build skill=\"pdf\""
    )
  })
  it("not when it is not served (--only, or a team server, whose operator builds), nor for an index being made on first use", () => {
    expect(toolErrorText(e, { served: SERVED, remote: false, tool: "skc_show" })).toBe("error[E002]: search index unusable; run 'skc build pdf' to rebuild")
    expect(toolErrorText(e, { served: new Set([...SERVED, "skc_build"]), remote: true, tool: "skc_show" })).not.toContain("skc_build")
    expect(toolErrorText(new IndexUnusable({ skill: "pdf", reason: "being indexed" }), { served: new Set([...SERVED, "skc_build"]), remote: false, tool: "skc_show" })).not.toContain("skc_build")
  })
})
