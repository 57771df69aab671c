/**
 * The face of the `usage` capability (issue 44 item 3): What agents read: the access log, statistics (local, across skills, the team's) and sync.
 * Other capabilities import this module, never a file behind it.
 */
export { type AccessEntry, logDbIn, logged, loggedCall, type Outcome, recordAccesses, touchUnansweredAcrossSkills } from "./accessLog.js"
export { stats } from "./stats.js"
export { sync } from "./sync.js"
export { readsOfHeading, sectionKey, sectionReads, type SectionReads } from "./sectionReads.js"
