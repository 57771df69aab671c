import { it } from "vitest"
import { parseFrontmatter } from "../src/domain/markdown/frontmatter.js"
import { readSkillSource } from "../src/domain/protocol/frontmatter.js"
import { findMentions } from "../src/domain/references/mentions.js"
import { scanCodeBlocks } from "../src/domain/markdown/scan.js"
const skill = (description: string, body: string) => `---\nname: demo\ndescription: "${description}"\n---\n# Demo\n\n${body}\n`
const hex = (n: number) => { let s = ""; while (s.length < n) s += Math.random().toString(16).slice(2); return s.slice(0, n) }
const time = (f: () => unknown) => { f(); let b = 1e18; for (let i = 0; i < 3; i++) { const t = process.hrtime.bigint(); f(); b = Math.min(b, Number(process.hrtime.bigint() - t)) } return (b / 1e6).toFixed(1) }
it("prof", () => {
  for (const [label, mk] of [["hex", (k: number) => skill("Use when testing.", hex(80_000 * k))], ["desc", (k: number) => skill(`Use when ${"word ".repeat(51_200 * k)}`, "Body.")], ["tag", (k: number) => skill(`Use when <a${"b".repeat(256_000 * k)}`, "Body.")]] as const) {
    for (const k of [1, 4]) {
      const src = mk(k)
      console.log(label, k, "fm", time(() => parseFrontmatter(src)), "rss", time(() => readSkillSource(src)), "mentions", time(() => findMentions(src)), "scan", time(() => scanCodeBlocks(src)))
    }
  }
})
