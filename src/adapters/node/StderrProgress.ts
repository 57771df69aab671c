/**
 * A one-line progress indicator on stderr for long builds: only on a
 * terminal, never with NO_COLOR or CI set, and only once the work has taken
 * longer than a moment, so quick builds print nothing extra.
 */
import type { ProgressService } from "../../ports/Progress.js"
import { silentProgress } from "../../ports/Progress.js"
import { isTerminal } from "./terminal.js"

const DELAY_MS = 300
const FRAME_MS = 100

export const stderrProgress = (): ProgressService => {
  const env = process.env
  // isTerminal, not process.stderr.isTTY: most commands never create the stream (./terminal.ts).
  if (!isTerminal(2) || (env.NO_COLOR ?? "") !== "" || (env.CI ?? "") !== "") return silentProgress
  let label = ""
  let total = 0
  let unit = "files"
  let started = 0
  let lastDraw = 0
  let drawn = false
  return {
    start: (l, t, u) => {
      label = l
      total = t
      unit = u ?? "files"
      started = performance.now()
      lastDraw = 0
      drawn = false
    },
    update: (done) => {
      const now = performance.now()
      if (now - started < DELAY_MS || now - lastDraw < FRAME_MS) return
      lastDraw = now
      drawn = true
      process.stderr.write(`\r\u001b[K${label}: ${done}/${total} ${unit}`)
    },
    stop: () => {
      if (drawn) process.stderr.write("\r\u001b[K")
      drawn = false
    }
  }
}
