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

/** A title or description on one line, as the stub writes it: each run of white space one space. */
export const oneLine = (s: string): string => s.replace(/\s+/g, " ").trim()

/** A reference file's description as the stub lists it after its title (`Title — description`). */
export const listedDescription = (description: string): string => truncateDescription(oneLine(description))
