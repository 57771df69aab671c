/**
 * How the hostile-input tests (issue 19) tell linear work from super-linear
 * work without asserting a time: each measures the same work at 1× and
 * GROWTH_STEP × the input IN THE SAME RUN and bounds the ratio of the CPU
 * times.
 *
 * With a step of 16, linear work gives 16, n·log n about 19, n^1.5 64 and
 * quadratic work 256. The bound of 40 lets a linear reader be disturbed by
 * 2.5 × (a loaded two-core machine, the garbage of the large input, cache
 * misses, other test files in the same worker) and still fails n^1.5 work
 * by 1.6 ×. These tests used a step of 4 with bounds of 5 or 6, margins of
 * 1.25–1.5 ×, until CI measured linear readers at 6.2–7.4 under load.
 */
export const GROWTH_STEP = 16
/** GROWTH_STEP × the input may cost at most this many times the CPU time. */
export const MAX_GROWTH_RATIO = 40
/** A measurement shorter than this is repeated and averaged: timer resolution would dominate it. */
const MIN_SAMPLE_MS = 5

/**
 * CPU milliseconds (user + system of this process, not the wall clock, which
 * on a loaded machine also counts other processes' turns) per call of `f`,
 * calling it until the sample is long enough to read.
 */
export const cpuMsPerCall = (f: () => unknown, minSampleMs = MIN_SAMPLE_MS): number => {
  const before = process.cpuUsage()
  let calls = 0
  let spent = 0
  do {
    f()
    calls++
    const used = process.cpuUsage(before)
    spent = (used.user + used.system) / 1000
  } while (spent < minSampleMs && calls < 1000)
  // process.cpuUsage counts microseconds; a call faster than that is free.
  return Math.max(spent / calls, 0.001)
}
