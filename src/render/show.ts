// Text rendering of `skc show` (RFC-0002:C-SHOW): the section as it is in
// the source, ending with `... (N more lines)` when --max-lines cut it. Pure.
import type { ShowResult } from "../app/show.js"

export const renderShowText = (result: ShowResult): string => result.content
