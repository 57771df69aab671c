// A continuation page reads the list its cursor was cut from (src/mcp/listSnapshots.ts): paging 21,000
// resources rebuilt the whole catalogue for each of 424 pages (93 s).
import { describe, expect, it } from "@effect/vitest"
import { ListSnapshots, pageFromSnapshot } from "../../src/mcp/listSnapshots.js"
import { pageOf } from "../../src/mcp/pagination.js"

const items = Array.from({ length: 120 }, (_, i) => ({ uri: `skill://project/s/${String(i).padStart(3, "0")}.md` }))

describe("ListSnapshots", () => {
  it("builds the list once for a session that pages to the end, and serves every item once", async () => {
    const snapshots = new ListSnapshots()
    let loads = 0
    const load = async () => {
      loads++
      return items
    }
    const seen: Array<string> = []
    let cursor: string | undefined
    do {
      const got = await pageFromSnapshot(snapshots, "resources/list", cursor, load, (all) => pageOf("resources/list", all, cursor, 50))
      seen.push(...got.page.map((r) => r.uri))
      cursor = got.nextCursor
    } while (cursor !== undefined)
    expect(loads).toBe(1)
    expect(seen).toEqual(items.map((r) => r.uri))
  })

  it("builds the list again for a cursor it did not hand out, an expired one, or another list's", async () => {
    let now = 0
    const snapshots = new ListSnapshots(60_000, 4, () => now)
    let loads = 0
    const load = async () => {
      loads++
      return items
    }
    const first = await pageFromSnapshot(snapshots, "resources/list", undefined, load, (all) => pageOf("resources/list", all, undefined, 50))
    const next = first.nextCursor!
    // Another process's cursor (a replica, a restart): the list is built and the cursor's key finds the place.
    const elsewhere = await pageFromSnapshot(new ListSnapshots(), "resources/list", next, load, (all) => pageOf("resources/list", all, next, 50))
    expect(elsewhere.page[0]).toEqual(items[50])
    expect(new ListSnapshots().take("skills/list", next)).toBeUndefined()
    now = 60_001
    await pageFromSnapshot(snapshots, "resources/list", next, load, (all) => pageOf("resources/list", all, next, 50))
    expect(loads).toBe(3)
  })

  it("keeps at most `most` lists", () => {
    const snapshots = new ListSnapshots(60_000, 2, () => 0)
    snapshots.keep("a", "1", [1])
    snapshots.keep("b", "1", [2])
    snapshots.keep("c", "1", [3])
    expect(snapshots.take("a", "1")).toBeUndefined()
    expect(snapshots.take("c", "1")).toEqual([3])
  })
})
