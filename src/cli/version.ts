declare const __SKC_VERSION__: string
/** The package version, inlined by the bundler (scripts/bundle.mjs). */
export const VERSION: string = typeof __SKC_VERSION__ === "string" ? __SKC_VERSION__ : "0.0.0-dev"
