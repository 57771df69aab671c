/**
 * How the compiled stub cuts a reference file's description (RFC-0001:C-SECTIONS, DECISIONS #27): more than
 * 120 characters keeps 120 and gets `…`. Its own module, without the stub's YAML: `skc show` compares a
 * "Title — description" query with it, and the show bundle need not carry the YAML library for that.
 */
export const DESCRIPTION_LIMIT = 120

export const truncateDescription = (description: string): string => {
  const chars = Array.from(description)
  return chars.length > DESCRIPTION_LIMIT ? chars.slice(0, DESCRIPTION_LIMIT).join("") + "…" : description
}
