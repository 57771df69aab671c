/** The package version, injected by the bundler (scripts/bundle.mjs). */
declare const __SKC_VERSION__: string
export const VERSION: string = typeof __SKC_VERSION__ === "string" ? __SKC_VERSION__ : "0.0.0-dev"
