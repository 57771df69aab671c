// Text rendering of `skc show` (RFC-0002:C-SHOW): the section as it is in
// the source, ending with `... (N more lines)` when --max-lines cut it. Pure.
import type { ShowResult } from "../app/search/show.js"
import { visibleBody } from "../domain/visible.js"

/**
 * The section's text keeps its lines and tabs; any other control character
 * (an ESC or OSC sequence from a foreign skill) is shown escaped, never sent
 * to the terminal (src/domain/visible.ts). `--format json` has it exactly.
 */
export const renderShowText = (result: ShowResult): string => visibleBody(result.content)
