/** What the notes after a page of `show` or `open` add to their "goes on" line. */

/** A page cut inside a fenced code block: said, so the marker after it and the next page's first lines are read as code. */
export const insideFence = (result: { readonly open_fence_line?: number | undefined }): string =>
  result.open_fence_line === undefined ? "" : ` (this page ends inside the code block opened at line ${result.open_fence_line}: the next page goes on inside it)`
