/**
 * The MCP tool registry (RFC-0007:C-COMMANDS, C-MCP-SERVER): exactly the
 * commands marked MCP, each calling the same use case as the CLI. To add a
 * tool: import its use case, input Schema and text renderer, and add one
 * `defineTool` entry below.
 */
import { Effect } from "effect"
import { build, BuildInput } from "../app/build.js"
import { init, InitParams, InitResultSchema } from "../app/init.js"
import { list, ListInput, ListResult } from "../app/list.js"
import { openFile, OpenInput } from "../app/open.js"
import { outline, OutlineInput } from "../app/outline.js"
import { sources, sourcesJson, SourcesInput } from "../app/sources.js"
import { renderSourcesTree } from "../domain/sourcesTree.js"
import { renderBuild } from "../cli/render/build.js"
import { renderInit } from "../cli/render/init.js"
import { renderList } from "../cli/render/list.js"
import { renderOutline } from "../cli/render/outline.js"
import { search, searchLogArgs, SearchInput } from "../app/search.js"
import { show, showLogArgs, ShowInput } from "../app/show.js"
import { renderSearchText } from "../cli/render/search.js"
import { renderShowText } from "../cli/render/show.js"
import { lintSkills, LintSkillInput, reportJson } from "../app/lint.js"
import { discover, DiscoverInput } from "../app/discover.js"
import { match, MatchInput } from "../app/match.js"
import { load, LoadInput } from "../app/load.js"
import { renderLintText } from "../cli/render/lint.js"
import { stats, StatsInput } from "../app/stats.js"
import { renderStats } from "../cli/render/stats.js"
import { renderDiscover, renderLoadContent, renderLoadSummary, renderMatch } from "../cli/render/protocol.js"
import {
  BuildOutput,
  DiscoverOutput,
  LintOutput,
  LoadOutput,
  MatchOutput,
  OpenOutput,
  OutlineOutput,
  SearchOutput,
  ShowOutput,
  SourcesOutput,
  StatsOutput
} from "./outputSchemas.js"
import { defineTool, type ToolSpec } from "./toolSpec.js"

export const tools: ReadonlyArray<ToolSpec<any, any>> = [
  defineTool({
    name: "skc_init",
    command: "init",
    title: "Create a skill or a project",
    description:
      "Create a new skill from the minimal SKILL.md template in the project source store (.skillc/skills/<name>) or, with global=true, " +
      "in the global store (~/.skillc/skills/<name>). Without a name, initialise a skillc project in the server's working directory. " +
      "Fails with error[E050] if the skill already exists; never overwrites.",
    input: InitParams,
    output: InitResultSchema,
    readOnly: false,
    destructive: false,
    idempotent: false,
    run: (input) => init(input),
    text: (result) => renderInit(result)
  }),
  defineTool({
    name: "skc_list",
    command: "list",
    title: "List skills",
    description:
      "List the skills skc manages: the project source store (nearest .skillc/ above the server's working directory) first, then the " +
      "global store (~/.skillc/skills), each by name, with status normal (built), not-built, or obsolete (sources changed since the last " +
      "build; only with check_obsolete=true). Filter by scope, status and a glob pattern over names; limit caps the result. " +
      "Start here to find the skill names the other skc_* tools take.",
    input: ListInput,
    output: ListResult,
    readOnly: true,
    idempotent: true,
    run: (input) => list(input),
    text: (result, ctx) => renderList(result, { verbose: true, cwd: ctx.cwd, home: ctx.home })
  }),
  defineTool({
    name: "skc_build",
    command: "build",
    title: "Compile and deploy a skill",
    description:
      "Compile a skill to its runtime directory (the stub SKILL.md, manifest and search index) and deploy it to agent skill " +
      "directories (target: claude by default; comma-separated or an array). skill is a store name, or a path to a skill " +
      "directory, which is first imported into the source store (force=true replaces an existing one). Run after editing a " +
      "skill so skc_show and skc_search see the change.",
    input: BuildInput,
    output: BuildOutput,
    readOnly: false,
    destructive: true,
    idempotent: true,
    run: (input) => build(input),
    text: (result) => renderBuild(result),
    log: { args: (i) => ({ global: i.global, target: i.target, copy: i.copy, force: i.force }), runtimeDir: (r) => r.runtime }
  }),
  defineTool({
    name: "skc_lint",
    command: "lint",
    title: "Lint a skill",
    description:
      "Check one skill against the authoring rules (frontmatter, name and description, structure, links, tool and protocol rules; " +
      "see docs/rules.md) and return every finding as {rule, name, severity, file, line, message}. Findings, errors included, are " +
      "a successful result (isError false): read severity. A compiled skill is skipped (skipped: true) unless force=true. " +
      "skill is a store name or a path to a skill directory.",
    input: LintSkillInput,
    output: LintOutput,
    readOnly: true,
    run: (input) => lintSkills(input),
    log: { args: (i) => ({ force: i.force }) },
    text: (outcome) => renderLintText(outcome),
    structured: (outcome) => ({ ...reportJson(outcome.reports[0]!) })
  }),
  defineTool({
    name: "skc_outline",
    command: "outline",
    title: "Outline a skill",
    description:
      "List every heading of every Markdown file of a skill, file by file with its line number: the table of contents to pick " +
      "a section for skc_show. level (1-6) keeps only headings up to that depth.",
    input: OutlineInput,
    output: OutlineOutput,
    readOnly: true,
    run: (input) => outline(input),
    log: { args: (i) => ({ level: i.level }) },
    text: (result) => renderOutline(result)
  }),
  defineTool({
    name: "skc_show",
    command: "show",
    title: "Read one section of a skill",
    description:
      "Return one section of a skill by its heading text (case-insensitive; a ' — description' suffix copied from the stub is " +
      "ignored): from the heading to the next heading of the same or a higher level. file limits the lookup to one file; " +
      "max_lines returns only the first lines. Several matches return the first (files in path order) with a warning; no match " +
      "is error[E020] with similar headings. Needs a built skill (error[E002]: run skc_build).",
    input: ShowInput,
    output: ShowOutput,
    readOnly: true,
    run: (input) => show(input),
    log: { args: (i, r) => showLogArgs(i, r) },
    text: (result) => renderShowText(result)
  }),
  defineTool({
    name: "skc_search",
    command: "search",
    title: "Search a skill, or all skills",
    description:
      "Full-text search over the sections of a skill's .md and .txt files (English words are stemmed). Sections holding every " +
      "word of query come first, ranked by BM25 (higher score is better); when none holds them all, sections holding the most " +
      "of its content words, with partial=true. Each result has file, section, line and a snippet marking hits as " +
      "[MATCH]…[/MATCH]; a parent section is not repeated when a subsection matched. Omit skill to search every built skill " +
      "(each result then names its skill; skills narrows the set). limit caps the results (default 10). Read a hit with " +
      "skc_show (section) or, when section is \"\", skc_open (file, max_lines=end_line-1). Needs a built skill (error[E002]: run skc_build).",
    input: SearchInput,
    output: SearchOutput,
    readOnly: true,
    run: (input) => search(input),
    log: { args: (i, r) => searchLogArgs(i, r) },
    text: (result) => renderSearchText(result, { mcp: true })
  }),
  defineTool({
    name: "skc_open",
    command: "open",
    title: "Read a file of a skill",
    description:
      "Return the content of one file of a skill, by path relative to the skill root (e.g. 'references/api.md' or 'scripts/run.sh'). " +
      "max_lines returns only the first lines. Binary files come back base64-encoded. Paths outside the skill are refused " +
      "(error[E012]); use skc_sources to see which files exist.",
    input: OpenInput,
    output: OpenOutput,
    readOnly: true,
    run: (input) => Effect.map(openFile(input), (opened) => opened.result),
    log: { args: (i) => ({ path: i.path, max_lines: i.max_lines }) },
    text: (result) =>
      result.encoding === "base64" ? `(binary file '${result.path}', base64 in the structured content)\n${result.content}` : result.content
  }),
  defineTool({
    name: "skc_sources",
    command: "sources",
    title: "List the files of a skill",
    description:
      "List the files and directories of a skill as a tree. dir limits the listing to a subdirectory, depth collapses deeper " +
      "directories into 'dir/ (N files)', pattern keeps files whose name matches a glob (e.g. '*.md'), limit caps the entries " +
      "(default 100). Use the paths with skc_open.",
    input: SourcesInput,
    output: SourcesOutput,
    readOnly: true,
    run: (input) => Effect.map(sources(input), (result) => ({ result, skill: result.skill })),
    log: { args: (i) => ({ dir: i.dir, depth: i.depth, pattern: i.pattern, limit: i.limit }) },
    text: ({ result }) => renderSourcesTree(result.root, result),
    structured: ({ result, skill }) => ({ skill, entries: sourcesJson(result) })
  }),
  defineTool({
    name: "skc_stats",
    command: "stats",
    title: "Usage analytics of a skill",
    description:
      "Aggregate a skill's access log (every skc_* call and CLI command that read it): group_by summary (default), sections, " +
      "files, commands, projects, errors or search; since/until (RFC 3339 or YYYY-MM-DD, UTC, inclusive) and project " +
      "(directories; any matches) filter before aggregating. Returns {skill, skill_path, filters, period, query, data}. " +
      "Use it to see which sections agents read, which lookups failed and what they searched for.",
    input: StatsInput,
    output: StatsOutput,
    readOnly: true,
    run: (input) => stats(input),
    // The same args the CLI logs (src/cli/commands/stats.run.ts).
    log: { args: (i) => ({ group_by: i.group_by ?? "summary", since: i.since, until: i.until, project: i.project ?? [] }) },
    text: (outcome) => renderStats(outcome, Date.now()),
    structured: (outcome) => ({ ...outcome.report })
  }),
  // The agent-skill protocol (GitHub issue 9): what an agent runtime discovers, selects and loads.
  defineTool({
    name: "skc_discover",
    command: "discover",
    title: "Discover skills as an agent does",
    description:
      "List the skills an agent runtime (agent: claude by default, or codex, copilot, cursor, gemini, kiro, opencode, trae) would " +
      "discover from the server's working directory: project-level directories up to the root, then the user level, then each of " +
      "plugin_dirs. Returns the winning copy of each name (skills), the copies it shadows (shadowed) and directories whose " +
      "SKILL.md is not valid (invalid, with problems), plus the directories searched.",
    input: DiscoverInput,
    output: DiscoverOutput,
    readOnly: true,
    run: (input) => discover(input),
    text: (result) => renderDiscover(result)
  }),
  defineTool({
    name: "skc_match",
    command: "match",
    title: "Match a request to skills",
    description:
      "Rank the discovered skills that a user request (query) would activate: an explicit mention of a skill name first, then " +
      "BM25 relevance over names and descriptions, boosted by recent use (the access log) and scope. Returns score, relevance, " +
      "matched terms and a one-line reason per skill; limit (default 5) and threshold cap the list. Takes agent and plugin_dirs " +
      "like skc_discover.",
    input: MatchInput,
    output: MatchOutput,
    readOnly: true,
    run: (input) => match(input),
    text: (result) => renderMatch(result)
  }),
  defineTool({
    name: "skc_load",
    command: "load",
    title: "Load a skill progressively",
    description:
      "Load a discovered skill as an agent runtime does: the SKILL.md body, then the files it references (links, paths in code) " +
      "inside the skill root, depth levels deep (default 1; 0 = body only), each wrapped in '--- Content from <path> ---', within " +
      "a token budget (default 10000). Reports parts left out by the budget, missing link targets and refused references " +
      "(outside the root or binary).",
    input: LoadInput,
    output: LoadOutput,
    readOnly: true,
    run: (input) => load(input),
    text: (result) => renderLoadContent(result) + "\n" + renderLoadSummary(result)
  })
]

/** Tool names, for `--help` and tests. */
export const toolNames = (): ReadonlyArray<string> => tools.map((t) => t.name)

