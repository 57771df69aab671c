/**
 * Claude Code's own settings files, as far as they change its skill listing
 * (src/domain/agents/claudeSettings.ts): `~/.claude/settings.json` (at
 * `$CLAUDE_CONFIG_DIR` when that is set), then the
 * working directory's `.claude/settings.json` and
 * `.claude/settings.local.json`. A file that is missing counts for nothing;
 * one that cannot be read, is too large or is not the JSON Claude Code takes
 * is reported and ignored, never fatal.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import {
  DISABLE_BUNDLED_SKILLS_ENV,
  envTruthy,
  mergeClaudeSettings,
  parseClaudeSettings,
  type ClaudeListingSettings
} from "../../domain/agents/claudeSettings.js"
import { Env } from "../../ports/Env.js"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { agentUserPath } from "./agentUserDirs.js"
import { readSettingsFile } from "./settingsFile.js"

export const claudeListingSettings = Effect.fnUntraced(function* () {
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const { stores } = yield* Settings
  // `$CLAUDE_CONFIG_DIR/settings.json` when that is set (CHANGELOG 1.0.6, 2.1.208).
  const user = yield* agentUserPath("claude", ".claude/settings.json")
  const files: ReadonlyArray<readonly [string, string]> = [
    [user.path, user.via === undefined ? "~/.claude/settings.json" : `$${user.via}/settings.json`],
    [path.join(stores.cwd, ".claude", "settings.json"), ".claude/settings.json"],
    [path.join(stores.cwd, ".claude", "settings.local.json"), ".claude/settings.local.json"]
  ]
  const layers: Array<ClaudeListingSettings> = []
  for (const [file, name] of files) {
    const text = yield* readSettingsFile(file)
    if (text === undefined) continue
    const parsed = parseClaudeSettings(text, name)
    for (const p of parsed.problems) yield* diagnostics.warn(Warning.notice(p))
    layers.push(parsed.settings)
  }
  const merged = mergeClaudeSettings(layers)
  // The environment variable turns the bundled skills off whatever the settings say (CHANGELOG 2.1.169).
  const env = yield* Env
  if (!envTruthy(env.get(DISABLE_BUNDLED_SKILLS_ENV))) return merged
  const off: ClaudeListingSettings = { ...merged, bundledSkillsOff: { value: true, from: DISABLE_BUNDLED_SKILLS_ENV } }
  return off
})
