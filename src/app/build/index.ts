/**
 * The face of the `build` capability (issue 44 item 3): Making skills: compile, index, deploy, import, build one or many, watch, init.
 * Other capabilities import this module, never a file behind it.
 */
export { type QueryableIndex, openForQueryOnDemand, refuseForeignIndex } from "./indexing.js"
export { build } from "./build.js"
export { buildMany } from "./buildMany.js"
export { init } from "./init.js"
