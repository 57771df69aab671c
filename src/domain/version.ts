declare const __SKC_VERSION__: string
/**
 * The package version, declared here once. The CLI bundle has it inlined
 * from package.json (scripts/bundle.mjs defines `__SKC_VERSION__`); the
 * library (dist/lib, compiled by tsc, which defines nothing) reads the
 * literal below, kept equal to package.json's by test/types/version.test.ts.
 * Without it the library said "0.0.0-dev" and wrote that into the manifests
 * of the skills it built.
 */
export const PACKAGE_VERSION = "0.1.0"

export const VERSION: string = typeof __SKC_VERSION__ === "string" ? __SKC_VERSION__ : PACKAGE_VERSION
