/** Bytes of text in UTF-8 (a lone surrogate as U+FFFD, three bytes, as any encoder writes it). Pure. */
const encoder = new TextEncoder()

export const utf8Bytes = (s: string): number => encoder.encode(s).length
