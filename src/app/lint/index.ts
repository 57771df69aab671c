/**
 * The face of the `lint` capability (issue 44 item 3): Authoring rules over a skill directory.
 * Other capabilities import this module, never a file behind it.
 */
export { lint, lintSkills } from "./lint.js"
export { lintBuffers, type BufferLint } from "./lintBuffers.js"
