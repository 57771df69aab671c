/**
 * The client an access row records (`args.client`, issue 49 item 2): its MCP
 * `clientInfo` as `name/version`. A client names itself, so the label is
 * bounded: each part 1–100 characters, else the row records no client
 * (a 1 MB name would otherwise be copied into every row of the session).
 */
export const clientLabel = (name: unknown, version: unknown): string | undefined => {
  const ok = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 100
  return ok(name) && ok(version) ? `${name}/${version}` : undefined
}
