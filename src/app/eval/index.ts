/**
 * The face of the `eval` capability (issue 44 item 3): Does a skill fire: trigger evaluation and the listing budget.
 * Other capabilities import this module, never a file behind it.
 */
export { evaluate } from "./eval.js"
export { budget } from "./budget.js"
export { listingCost, type EntryCost } from "./listingCost.js"
