// Text rendering of `skc show` (RFC-0002:C-SHOW): the section as it is in
// the source, then `... (N more lines)` when --max-lines cut it. Pure.
import { moreLinesMarker } from "../../domain/search/sectionMatch.js"
import type { ShowOutput } from "../../app/show.js"

export const renderShowText = (output: ShowOutput): string =>
  output.result.content + (output.omitted > 0 ? moreLinesMarker(output.omitted) + "\n" : "")
