// DECISIONS #7: Chinese and Japanese are written without spaces between words, and only the `cjk` tokenizer
// splits them; with the default one, `skc search demo 中文` found nothing in a skill that says 中文 inside a
// sentence, and said only "No results" (an encodings probe). The empty answer now names the setting.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("an empty answer to Chinese or Japanese from an index that does not segment them", () => {
  it("names [search] tokenizer = \"cjk\"; built with it, the word is found; an English miss gets no such line", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "demo")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\ndescription: A demo. Use when testing.\n---\n# demo\n\n## 安装\n\n这是中文文本的安装说明。\n")
    expect((await sb.runAsync(["build", "demo"])).code).toBe(0)
    const miss = await sb.runAsync(["search", "demo", "中文"])
    expect(miss.stdout).toContain('A word of Chinese or Japanese text is found only in skills indexed with the cjk tokenizer: set [search] tokenizer = "cjk"')
    const across = await sb.runAsync(["search", "--all", "中文"])
    expect(across.stdout).toContain("cjk tokenizer")
    expect((await sb.runAsync(["search", "demo", "nonexistentword"])).stdout).not.toContain("cjk")
    writeFileSync(join(sb.work, ".skillc", "config.toml"), 'version = 1\n[search]\ntokenizer = "cjk"\n')
    expect((await sb.runAsync(["build", "demo"])).code).toBe(0)
    const found = await sb.runAsync(["search", "demo", "中文"])
    expect(found.stdout).toContain("SKILL.md#安装")
    // Segmented: no hint beside its results.
    expect(found.stdout).not.toContain("cjk tokenizer")
  }, 60_000)

  it("beside results too: a heading that holds the word apart answers, the text that holds it inside a run is said to need the setting (a published-skills probe)", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "demo")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\ndescription: A demo. Use when testing.\n---\n# demo\n\n## 公众号\n\nRouting.\n\n## 搜索\n\n搜索公众号文章的方法。\n")
    expect((await sb.runAsync(["build", "demo"])).code).toBe(0)
    const some = await sb.runAsync(["search", "demo", "公众号"])
    expect(some.stdout).toContain("SKILL.md#公众号")
    expect(some.stdout).toContain('inside a run of text only skills indexed with the cjk tokenizer find them: set [search] tokenizer = "cjk"')
  }, 60_000)
})
