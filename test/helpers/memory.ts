/**
 * The in-memory world for app tests: `memoryWorld` of `skillc/testing`
 * (src/testing.ts), the one definition the shipped harness and skc's own
 * tests share (issue 28). It exposes the search index (`stored`), the
 * collected diagnostics, and `run`, typed by the services the world
 * provides (no cast: a use case needing more does not compile).
 */
export { memoryWorld, type MemoryWorld, type MemoryServices } from "../../src/testing.js"
