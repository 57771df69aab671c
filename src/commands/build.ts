/** `skc build` / `skc_build` (RFC-0001, RFC-0001:C-DEPLOYMENT, DECISIONS #9). */
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"

export const buildCommand = defineCommand({
  name: "build",
  summary: ["Compile a skill into its runtime stub and deploy it to agent directories."],
  examples: [
    "skc build my-skill                         # .skillc/runtime/my-skill, linked from ~/.claude/skills",
    "skc build my-skill --target claude,cursor",
    "skc build ./vendor/some-skill              # import into .skillc/skills, then build",
    "skc build my-skill --global --copy"
  ],
  args: { skill: arg.one("skill", "Skill name, or a path to import into the source store first.") },
  flags: {
    global: flag.boolean("global", "Use the global runtime (~/.skillc/runtime) and, for a path, the global store.", "g"),
    target: flag.text(
      "target",
      "Comma-separated agents (claude, codex, copilot, cursor, gemini, kiro, opencode, trae, [targets] names) or directory paths. Default: claude.",
      { alias: "t" }
    ),
    copy: flag.boolean("copy", "Copy instead of linking."),
    force: flag.boolean("force", "Overwrite an existing skill on import; replace a non-link agent directory.", "f"),
    ...common()
  },
  mcp: {
    title: "Compile and deploy a skill",
    description:
      "Compile a skill to its runtime directory (the stub SKILL.md, manifest and search index) and deploy it to agent skill " +
      "directories (target: claude by default; comma-separated or an array). skill is a store name, or a path to a skill " +
      "directory, which is first imported into the source store (force=true replaces an existing one). Run after editing a " +
      "skill so skc_show and skc_search see the change.",
    readOnly: false,
    destructive: true,
    idempotent: true
  },
  load: async () => {
    const [{ build, BuildInput }, { renderBuild }, { SqliteSearchIndexLive }, { decodeFlags }, { BuildOutput }] = await Promise.all([
      import("../app/build.js"),
      import("../render/build.js"),
      import("../adapters/sqlite/SqliteSearchIndex.js"),
      import("./decode.js"),
      import("./results.js")
    ])
    return {
      input: BuildInput,
      fromFlags: (o) =>
        decodeFlags(BuildInput, { skill: o.skill, global: o.global, target: Option.getOrUndefined(o.target), copy: o.copy, force: o.force }),
      run: (input) => build(input).pipe(Effect.provide(SqliteSearchIndexLive)),
      log: { args: (i) => ({ global: i.global, target: i.target, copy: i.copy, force: i.force }), runtimeDir: (r) => r.runtime },
      text: (result) => renderBuild(result),
      mcp: { output: BuildOutput }
    }
  }
})
