/**
 * The frontmatter reading of an agent profile: Codex and Claude Code repair a frontmatter YAML refuses before
 * they give up (codexFrontmatter.ts, claudeFrontmatter.ts); every other agent reads it as the
 * specification's client guide does (`guideReading`). One choice, for discovery and `skc permissions`.
 */
import { guideReading, type FrontmatterReader } from "../protocol/metadata.js"
import { claudeReading } from "./claudeFrontmatter.js"
import { codexReading } from "./codexFrontmatter.js"
import type { AgentProfile } from "./profile.js"

export const frontmatterReaderOf = (profile: AgentProfile): FrontmatterReader =>
  profile.listing.reader === "codex" ? codexReading : profile.listing.reader === "claude" ? claudeReading : guideReading
