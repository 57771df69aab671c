/**
 * Remembering, between the calls of a long-lived process (`skc mcp`), the
 * value of an effect that only reads the file system, while nothing it read
 * has changed (issue 25: the skills in scope of a cross-skill search).
 *
 * A one-shot CLI process remembers nothing (the default: every call
 * computes). The MCP server provides the stamped memo
 * (the node adapter `StampedDiskMemo.ts`): it runs the effect with a file
 * system that notes every path read, with the path's identity (stat) taken
 * before the read, and answers a later call from the value while every
 * noted path still stats the same. An effect that writes, fails or read a
 * path changed a moment ago is not remembered.
 *
 * Only effects whose result depends on nothing but the file system and the
 * key (the caller puts the settings it depends on into the key) belong
 * here; their warnings and verbose lines are not repeated on a remembered
 * answer.
 */
import { Context, Effect } from "effect"
import type { FileSystem } from "./FileSystem.js"

export interface DiskMemoService {
  readonly remember: <A, E, R>(key: string, compute: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R | FileSystem>
}

/** Remembers nothing: every call computes (one-shot processes). */
export const noDiskMemo: DiskMemoService = { remember: (_key, compute) => compute }

export const DiskMemo = Context.Reference<DiskMemoService>("skillc/DiskMemo", { defaultValue: () => noDiskMemo })
