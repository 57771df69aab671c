// Nothing stored is lost: `skc approve` rewrites ~/.skillc/approvals.json, and dropped what it did not read
// (another tool's keys, an older record's shape, a record's extra fields) without a word (an old-data probe).
// The store keeps them and writes them back as they were.
import { describe, expect, it } from "vitest"
import { parseApprovalStore, renderApprovalStore, type ApprovalStore } from "../../src/domain/tools/approval.js"

describe("tool-skills spec §6.3: the approval store keeps what skc does not read", () => {
  it("unknown top-level keys, entries that are no record of skc's and a record's extra fields survive a rewrite", () => {
    const text = JSON.stringify({
      version: 1,
      trusted_dirs: ["/x"],
      approvals: {
        "/old/skill": "deadbeef",
        "/other": { sha256: "abc", approved_at: "2025" },
        "/p/echoer": { skill: "echoer", sha256: "111", approved_at: "2026-01-01T00:00:00Z", approved_by: "alice" }
      }
    })
    const parsed = parseApprovalStore(text)
    if (!("store" in parsed)) throw new Error(parsed.problem)
    expect(parsed.store.approvals["/p/echoer"]).toEqual({ skill: "echoer", sha256: "111", approved_at: "2026-01-01T00:00:00Z", more: { approved_by: "alice" } })
    // A re-approval as recordApproval writes it: the new digest, the record's other fields kept.
    const next: ApprovalStore = {
      ...parsed.store,
      approvals: { ...parsed.store.approvals, "/p/echoer": { ...parsed.store.approvals["/p/echoer"]!, sha256: "222", approved_at: "2026-12-05T00:00:00Z" } }
    }
    expect(JSON.parse(renderApprovalStore(next))).toEqual({
      trusted_dirs: ["/x"],
      version: 1,
      approvals: {
        "/old/skill": "deadbeef",
        "/other": { sha256: "abc", approved_at: "2025" },
        "/p/echoer": { approved_by: "alice", skill: "echoer", sha256: "222", approved_at: "2026-12-05T00:00:00Z" }
      }
    })
  })

  it("a store of skc's records alone is written as before", () => {
    const store: ApprovalStore = { version: 1, approvals: { "/p/a": { skill: "a", sha256: "1", approved_at: "t" } } }
    expect(renderApprovalStore(store)).toBe(JSON.stringify(store, null, 2) + "\n")
  })
})
