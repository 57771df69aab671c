declare const __SKC_VERSION__: string
/**
 * The package version: declared here once, inlined by the bundler
 * (scripts/bundle.mjs defines `__SKC_VERSION__` from package.json).
 */
export const VERSION: string = typeof __SKC_VERSION__ === "string" ? __SKC_VERSION__ : "0.0.0-dev"
