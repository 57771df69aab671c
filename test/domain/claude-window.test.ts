/**
 * DECISIONS #51: the window Claude Code sizes its listing's budget from follows
 * its model (Claude Code 2.1.332, recorded in
 * test/fixtures/claude-listing/windows; test/e2e/claude-model-window.test.ts
 * replays the runs), and `model` in its settings names that model.
 */
import { describe, expect, it } from "vitest"
import { claudeListingWindow } from "../../src/domain/agents/claude.js"
import { mergeClaudeSettings, parseClaudeSettings } from "../../src/domain/agents/claudeSettings.js"

const tokens = (model: string | undefined, without1M = false) => claudeListingWindow(model, without1M).tokens

describe("claudeListingWindow (Claude Code 2.1.332)", () => {
  it("its default model, aliases, Opus 4.7, the 5 family and unknown ids: 750,000 tokens; 150,000 with the 1M context off", () => {
    for (const m of [undefined, "", "claude-opus-5-5", "sonnet", "opusplan", "claude-opus-4-7", "claude-opus-4-7-20260101", "claude-haiku-5", "my-custom-model", "claude-opus-4-1", "claude-opus-4-0", "claude-opus-5-5[1m]"]) {
      expect([m, tokens(m)]).toEqual([m, 750_000])
      expect([m, tokens(m, true)]).toEqual([m, 150_000])
    }
    expect(claudeListingWindow(undefined, false).why).toBe("three quarters of Claude Code's default model's 1M context")
    // Opus 4.0 and 4.1: Claude Code runs its default model in their place.
    expect(claudeListingWindow("claude-opus-4-1", false).why).toBe("three quarters of the 1M context of the default model Claude Code runs in place of claude-opus-4-1")
  })

  it("200,000-token models, dated or not: 200,000; with [1m] 1,000,000 unless the 1M context is off", () => {
    for (const m of ["claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5-20251001", "claude-opus-4-5", "claude-opus-4-6", "claude-sonnet-4-6", "claude-sonnet-4", "claude-sonnet-4-20250514", "claude-opus-4", "claude-3-opus-20240229", "claude-3-5-haiku-20241022", "claude-3-7-sonnet-latest", " Claude-Sonnet-4-5 "]) {
      expect([m, tokens(m)]).toEqual([m, 200_000])
      expect([m, tokens(m, true)]).toEqual([m, 200_000])
    }
    // Bedrock and Vertex AI ids carry the API id (an assumption: only API ids were recorded).
    for (const m of ["us.anthropic.claude-sonnet-4-5-20250929-v1:0", "anthropic.claude-haiku-4-5-20251001-v1:0", "claude-sonnet-4-5@20250929", "claude-3-5-haiku@20241022"]) {
      expect([m, tokens(m)]).toEqual([m, 200_000])
    }
    expect(tokens("us.anthropic.claude-opus-4-7-v1:0")).toBe(750_000)
    expect(tokens("claude-opus-5-5@20260601")).toBe(750_000)
    expect(tokens("claude-sonnet-4-5[1m]")).toBe(1_000_000)
    expect(tokens("claude-sonnet-4-5[1M]")).toBe(1_000_000)
    expect(tokens("claude-sonnet-4-5[1m]", true)).toBe(200_000)
    expect(claudeListingWindow("claude-sonnet-4-5[1m]", true).why).toBe("claude-sonnet-4-5[1m]'s 200,000 tokens, its 1M context turned off")
  })
})

describe("model in Claude Code's settings files", () => {
  it("a string names the model, the later file winning; anything else is reported and ignored", () => {
    const user = parseClaudeSettings(JSON.stringify({ model: "claude-sonnet-4-5" }), "~/.claude/settings.json")
    const local = parseClaudeSettings(JSON.stringify({ model: " claude-opus-4-6 " }), ".claude/settings.local.json")
    expect(user.settings.model).toEqual({ value: "claude-sonnet-4-5", from: "~/.claude/settings.json" })
    expect(mergeClaudeSettings([user.settings, local.settings]).model).toEqual({ value: "claude-opus-4-6", from: ".claude/settings.local.json" })
    expect(mergeClaudeSettings([user.settings, parseClaudeSettings("{}", "x").settings]).model?.value).toBe("claude-sonnet-4-5")
    for (const bad of [5, "", "  ", null, ["a"]]) {
      const r = parseClaudeSettings(JSON.stringify({ model: bad }), ".claude/settings.json")
      expect(r.settings.model).toBeUndefined()
      expect(r.problems).toEqual([".claude/settings.json: model must be a model name; ignored"])
    }
  })
})
