/**
 * `skc discover` (agent-skill-protocol "Discovery Mechanism"): the use
 * case's face. Discovery itself is a service (src/app/skills/discovery.ts)
 * because other use cases and services build on it (the agent listing,
 * locating a skill an agent cannot see): services never import a use case.
 */
export * from "./discovery.js"
