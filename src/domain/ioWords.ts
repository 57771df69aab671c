/**
 * The words for the system errors a user meets on a full or failing disk
 * (issue 19's wording, `strerror`'s): "no space left on device (ENOSPC)"
 * says which disk to look at where a bare `ENOSPC` or SQLite's
 * `SQLITE_FULL` did not.
 */
export const IO_WORDS: Readonly<Record<string, string>> = {
  ENOSPC: "no space left on device",
  EIO: "input/output error",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large"
}

/** `code` with its words when it has some (`no space left on device (ENOSPC)`), else `code` alone. */
export const describeIoCode = (code: string): string => {
  const words = IO_WORDS[code]
  return words === undefined ? code : `${words} (${code})`
}
