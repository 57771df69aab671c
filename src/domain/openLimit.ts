/**
 * How much of a file `skc open` returns at once (issue 29 item 1: bounded work): a larger file is read
 * by its first lines (`--max-lines`, MCP `max_lines`). The warnings of files too large to index or
 * outline point to `open`, and say which of the two it does for that file: "skc open still reads it"
 * of a 44 MiB file sent its reader to a refusal.
 */

/** The largest file `open` returns whole. */
export const OPEN_MAX_BYTES = 16 * 1024 * 1024

/** What `skc open` does with a file of `size` bytes, as a warning's last words. */
export const howOpenReads = (size: number): string =>
  size <= OPEN_MAX_BYTES ? "skc open still reads it" : "skc open reads its first lines (--max-lines)"
