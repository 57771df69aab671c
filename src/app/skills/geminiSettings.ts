/**
 * Gemini CLI's own settings files, as far as they change its skill listing
 * (src/domain/agents/geminiSettings.ts): `~/.gemini/settings.json`, then the
 * working directory's `.gemini/settings.json`. A file that is missing counts
 * for nothing; one that cannot be read, is too large or is not the JSON
 * Gemini CLI takes is reported and ignored, never fatal.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { mergeGeminiSettings, parseGeminiSettings } from "../../domain/agents/geminiSettings.js"
import { Warning } from "../../domain/errors.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { Settings } from "../shared/index.js"
import { readSettingsFile } from "./settingsFile.js"
import { agentUserPath } from "./agentUserDirs.js"

export const geminiListingSettings = Effect.fnUntraced(function* () {
  const path = yield* Path
  const diagnostics = yield* Diagnostics
  const { stores } = yield* Settings
  // Below `$GEMINI_CLI_HOME` when that is set (the profile's homeEnv), as the user's skill directories.
  const found = yield* agentUserPath("gemini", ".gemini/settings.json")
  const user = found.path
  const workspace = path.join(stores.cwd, ".gemini", "settings.json")
  const files: ReadonlyArray<readonly [string, string]> = [
    [user, found.via === undefined ? "~/.gemini/settings.json" : `$${found.via}/.gemini/settings.json`],
    // In the home directory the workspace's file is the user's: read once.
    ...(workspace === user ? [] : [[workspace, ".gemini/settings.json"] as const])
  ]
  const layers: Array<{ enabled: boolean | undefined; disabled: ReadonlyArray<string> }> = []
  for (const [file, name] of files) {
    const text = yield* readSettingsFile(file)
    if (text === undefined) continue
    const parsed = parseGeminiSettings(text, name)
    for (const p of parsed.problems) yield* diagnostics.warn(Warning.notice(p))
    layers.push(parsed)
  }
  return mergeGeminiSettings(layers)
})
