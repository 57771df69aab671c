/**
 * The build manifest `<runtime>/.skillc-meta/manifest.json` (RFC-0001:C-MANIFEST,
 * DECISIONS #1). `skill`, `version`, `built_at` and `source_hash` are the
 * RFC's; the rest is what later commands read (`list` status, the index,
 * deployment of copies, a stub's source in a clone: `source_rel`, DECISIONS #46).
 */
import { VERSION } from "./version.js"
import { Schema } from "effect"

/** Manifest schema version; bump when a field changes meaning. */
export const MANIFEST_VERSION = 1

export const META_DIR = ".skillc-meta"
export const MANIFEST_FILE = "manifest.json"

export const Manifest = Schema.Struct({
  skill: Schema.String,
  version: Schema.Int,
  built_at: Schema.String,
  source_hash: Schema.String,
  /** Canonical absolute path of the source directory the runtime was built from. */
  source_path: Schema.optional(Schema.String),
  /**
   * A project skill's source relative to its project root (`.skillc/skills/<name>`, `/`-separated):
   * where a deployed stub finds its source in a clone of the project, on another machine (DECISIONS #46).
   */
  source_rel: Schema.optional(Schema.String),
  scope: Schema.optional(Schema.Literals(["project", "global", "path"])),
  skillc_version: Schema.optional(Schema.String),
  /** Files hashed (every file but `.git`/`.jj`). */
  file_count: Schema.optional(Schema.Int),
  markdown_count: Schema.optional(Schema.Int),
  total_bytes: Schema.optional(Schema.Number),
  /** `name` and `description` of the source frontmatter. */
  name: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String)
})
export type Manifest = typeof Manifest.Type

export const renderManifest = (m: Manifest): string => JSON.stringify(m, null, 2) + "\n"

/** `undefined` for anything that is not a manifest of a known shape (a corrupt file means "not built"). */
export const parseManifest = (text: string): Manifest | undefined => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const decoded = Schema.decodeUnknownResult(Manifest)(value)
  return decoded._tag === "Success" ? decoded.success : undefined
}

/** The skillc version compiled into the bundle (tsc builds and tests see the dev marker). */
export const SKILLC_VERSION: string = VERSION
