import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { formatTimestamp, parseGroupBy, parseTimeFilter } from "../../src/domain/stats.js"
import { formatRunId } from "../../src/app/usage/accessLog.js"

const ok = (flag: "since" | "until", v: string) => Result.getOrThrow(parseTimeFilter(flag, v))

describe("RFC-0003:C-FILTERS time filters", () => {
  it("RFC-0003:C-FILTERS years 0000-0099 are those years (RFC 3339), not 1900-1999; 0000-02-29 is a leap day", () => {
    expect(ok("since", "0000-01-01")).toBe("0000-01-01T00:00:00Z")
    expect(ok("until", "0099-12-31T23:59:59Z")).toBe("0099-12-31T23:59:59Z")
    expect(ok("since", "0000-02-29")).toBe("0000-02-29T00:00:00Z")
    expect(Result.isFailure(parseTimeFilter("since", "1900-02-29"))).toBe(true)
    expect(ok("since", "0050-06-15T12:00:00+02:00")).toBe("0050-06-15T10:00:00Z")
  })

  it("RFC-0003:C-FILTERS date-only is the start of that day in UTC, for --since and --until alike", () => {
    expect(ok("since", "2026-01-30")).toBe("2026-01-30T00:00:00Z")
    expect(ok("until", "2026-01-30")).toBe("2026-01-30T00:00:00Z")
  })
  it("RFC-0003:C-FILTERS RFC 3339 with offsets normalises to UTC; a fraction is kept to the millisecond, rounded inwards below it", () => {
    expect(ok("since", "2026-01-30T12:00:00Z")).toBe("2026-01-30T12:00:00Z")
    expect(ok("since", "2026-01-30T12:00:00+02:00")).toBe("2026-01-30T10:00:00Z")
    expect(ok("since", "2026-01-30t12:00:00.250z")).toBe("2026-01-30T12:00:00.250Z")
    expect(ok("until", "2026-01-30T12:00:00.999Z")).toBe("2026-01-30T12:00:00.999Z")
    expect(ok("since", "2026-01-30T12:00:00.0001Z")).toBe("2026-01-30T12:00:00.001Z")
    expect(ok("until", "2026-01-30T12:00:00.9999Z")).toBe("2026-01-30T12:00:00.999Z")
    expect(ok("since", "2026-01-30T12:00:00.000Z")).toBe("2026-01-30T12:00:00Z")
    expect(ok("until", "2026-01-01T00:30:00-01:00")).toBe("2026-01-01T01:30:00Z")
  })
  it("RFC-0003:C-ERRORS malformed values are E031", () => {
    for (const bad of ["", "yesterday", "7d", "2026-13-01", "2026-02-30", "2026-01-30T25:00:00Z", "2026-01-30T12:00:00", "2026/01/30", "2026-1-3"]) {
      const r = parseTimeFilter("since", bad)
      expect(Result.isFailure(r), bad).toBe(true)
      if (Result.isFailure(r)) expect(r.failure.code).toBe("E031")
    }
    expect(Result.isSuccess(parseTimeFilter("until", "2024-02-29"))).toBe(true)
  })
})

describe("RFC-0003:C-CLI query types", () => {
  it("DECISIONS #4: the seven group-by values are accepted, anything else is E030", () => {
    for (const g of ["summary", "sections", "files", "commands", "projects", "errors", "search"]) expect(Result.isSuccess(parseGroupBy(g))).toBe(true)
    for (const g of ["Summary", "searches", "", "section"]) {
      const r = parseGroupBy(g)
      expect(Result.isFailure(r) && r.failure.code).toBe("E030")
    }
  })
})

describe("RFC-0007:C-LOGGING timestamps and run ids", () => {
  it("RFC-0007:C-LOGGING timestamps are RFC 3339 UTC with whole seconds", () => {
    expect(formatTimestamp(Date.UTC(2026, 0, 30, 9, 5, 7, 999))).toBe("2026-01-30T09:05:07Z")
  })
  it("RFC-0007:C-LOGGING generated run ids are YYYYMMDDTHHMMSSZ-<rand4>", () => {
    expect(formatRunId(Date.UTC(2026, 0, 30, 9, 5, 7), 0xab)).toBe("20260130T090507Z-00ab")
    expect(formatRunId(Date.UTC(2026, 0, 30, 9, 5, 7), 0xffff)).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
  })
})
