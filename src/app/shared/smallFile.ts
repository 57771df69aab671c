/**
 * A small configuration-like file read whole, or why not: the agents' own
 * files skc reads beside skills (Codex's `agents/openai.yaml`, Claude Code's
 * settings, plugin manifests and commands) are a few kilobytes, so one over
 * `maxBytes` is never read, and a missing, non-file or unreadable one is a
 * value for the caller to judge, never a failure.
 */
import { Effect } from "effect"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"

export type SmallFile =
  | { readonly _tag: "Missing" }
  | { readonly _tag: "NotAFile" }
  | { readonly _tag: "TooLarge" }
  | { readonly _tag: "Unreadable"; readonly code: string }
  | { readonly _tag: "Text"; readonly text: string }

export const readSmallFile = Effect.fnUntraced(function* (file: string, maxBytes: number) {
  const fs = yield* FileSystem
  const info = yield* fs.statOption(file).pipe(unseenAs(undefined))
  if (info === undefined) return { _tag: "Missing" } as SmallFile
  if (info.type !== "file") return { _tag: "NotAFile" } as SmallFile
  if (info.size > maxBytes) return { _tag: "TooLarge" } as SmallFile
  const text = yield* fs.readFileString(file).pipe(Effect.result)
  return (text._tag === "Failure" ? { _tag: "Unreadable", code: text.failure.code } : { _tag: "Text", text: text.success }) as SmallFile
})
