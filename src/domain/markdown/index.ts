/**
 * The markdown model without remark: everything `build`, `outline`, `show`
 * and the index need. Lint imports `parseMarkdownAst` from "./ast.js"
 * directly, so that only lint loads remark.
 */
export * from "./frontmatter.js"
export { lfText, splitLines, stripBom } from "./lines.js"
export * from "./model.js"
