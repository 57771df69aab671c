/**
 * Trust and approval (tool-skills spec §6.2–6.3).
 *
 * - A skill of a source store (project or global) is a "user" skill: its
 *   SKILL.md must be approved (`skc approve`, or yes at the first-run
 *   prompt); the approval records the file's sha256, so any change to
 *   SKILL.md needs approval again.
 * - A skill run by path, outside the stores, is untrusted: always asked,
 *   with a warning, and it can never be approved permanently.
 * - `always_ask` asks every time, even when read_only.
 * - An approved skill's `read_only` tools run without asking; other tools
 *   ask (in a terminal) or need `--yes`: only read-only tools may auto-run.
 *
 * The store is a JSON file in the global dir, keyed by the skill's canonical
 * source path (two skills with one name in two stores are two approvals).
 */

export type Trust = "user" | "untrusted"

export interface ApprovalRecord {
  readonly skill: string
  readonly sha256: string
  readonly approved_at: string
}

export interface ApprovalStore {
  readonly version: 1
  readonly approvals: Readonly<Record<string, ApprovalRecord>>
}

export const EMPTY_STORE: ApprovalStore = { version: 1, approvals: {} }

export const parseApprovalStore = (text: string): { readonly store: ApprovalStore } | { readonly problem: string } => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    return { problem: `not valid JSON (${(e as Error).message})` }
  }
  if (typeof data !== "object" || data === null || (data as { version?: unknown }).version !== 1) {
    return { problem: "unknown format (expected version 1)" }
  }
  const raw = (data as { approvals?: unknown }).approvals
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { problem: "'approvals' is not an object" }
  const approvals: Record<string, ApprovalRecord> = {}
  for (const [path, r] of Object.entries(raw as Record<string, unknown>)) {
    const rec = r as Partial<ApprovalRecord> | null
    if (rec && typeof rec.sha256 === "string" && typeof rec.skill === "string") {
      approvals[path] = { skill: rec.skill, sha256: rec.sha256, approved_at: String(rec.approved_at ?? "") }
    }
  }
  return { store: { version: 1, approvals } }
}

export const renderApprovalStore = (store: ApprovalStore): string => JSON.stringify(store, null, 2) + "\n"

export type ApprovalState = "approved" | "changed" | "new"

export const approvalState = (store: ApprovalStore, canonicalPath: string, sha256: string): ApprovalState => {
  const rec = store.approvals[canonicalPath]
  return rec === undefined ? "new" : rec.sha256 === sha256 ? "approved" : "changed"
}

export interface ApprovalDecision {
  /** Whether a person must confirm this run. */
  readonly ask: boolean
  /** Why (shown in the prompt and in the refusal without a terminal). */
  readonly reason: string | undefined
  /** Whether the approval can be recorded (`skc approve` or the prompt helps). */
  readonly approvable: boolean
}

export const decideApproval = (input: {
  readonly trust: Trust
  readonly state: ApprovalState
  readonly readOnly: boolean
  readonly alwaysAsk: boolean
}): ApprovalDecision => {
  if (input.trust === "untrusted") {
    return { ask: true, reason: "the skill is outside the source stores (untrusted): every run is confirmed", approvable: false }
  }
  if (input.state === "new") return { ask: true, reason: "the skill has not been approved yet", approvable: true }
  if (input.state === "changed") return { ask: true, reason: "SKILL.md changed since it was approved", approvable: true }
  if (input.alwaysAsk) return { ask: true, reason: "the skill sets always_ask: every run is confirmed", approvable: false }
  if (!input.readOnly) return { ask: true, reason: "the tool is not read_only: only read-only tools run without confirmation", approvable: false }
  return { ask: false, reason: undefined, approvable: false }
}

/**
 * Whether an MCP client may call the tool: the skill's current SKILL.md is
 * approved and it does not ask every time. There is nobody to ask over MCP;
 * the client's own confirmation (guided by readOnlyHint) takes that role.
 */
export const mcpRunnable = (trust: Trust, state: ApprovalState, alwaysAsk: boolean): boolean =>
  trust === "user" && state === "approved" && !alwaysAsk
