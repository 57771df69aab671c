/**
 * The face of the `shared` capability (issue 44 item 3): The application kernel every capability builds on: settings (stores, configuration), the file-system error mappings, the source tree walk, the time slicer and what answers are measured as (`AnswerSurfaceRef`).
 * Other capabilities import this module, never a file behind it.
 */
export { Settings, type Stores, findProjectRoot, homeDirs, onlyFallbackLogs, loadSettings, servedGlobalSkills } from "./Settings.js"
export { fsInternal, ioReason, readFailure } from "./readFailure.js"
export { type FileHashCache, type FileHashCacheEntry, RACY_WINDOW_MS, type SourceTree, combineSourceHash, currentSourceHash, entryPointInside, isGone, isWithin, recordedSourceHash, scanSourceTree, sourceHash, unlessGone } from "./sourceTree.js"
export { timeSlicer } from "./timeSlice.js"
export { type Touch, type TouchDetails, type TouchedSkill, TouchedSkills, type TouchedSkillsService, makeTouchedSkills, resolvedTouches, touchSkill, withTouching } from "./touchedSkills.js"
export { corruptName, freeAsideName, isAsideNameOf } from "./asideName.js"
export { readSmallFile, type SmallFile } from "./smallFile.js"
export { checked, checkedOptional } from "./checkedUseCase.js"
export { type TargetFailure, targetFailure } from "./targetFailure.js"
export { checkedGlob } from "./checkedGlob.js"
export { besidePath, removeStaleBeside, swapIntoPlace } from "./swapIntoPlace.js"
export { holdingProcessLock } from "./processLock.js"
export { AnswerSurfaceRef } from "./answerSurface.js"
