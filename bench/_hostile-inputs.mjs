// Generators of the hostile markdown inputs of issue 19, shared by
// test/hostile/linearity.test.ts and bench/hostile.mjs. Each takes a size in
// bytes (approximately) and returns a SKILL.md whose body is the attack.
// HOSTILE_BASES names the inputs the tests measure from a smaller base size.
// The nested bracket inputs that were here go to the linear scanner since
// issue 29 item 5 (src/domain/markdown/bracketWork.ts). "link definitions"
// is: 1 MiB of it is 100k definitions whose labels all stay alive in one
// Set, so from 256 KiB to 1 MiB cache misses and garbage collection (whose
// helper threads process.cpuUsage counts) add their share: 3.9–5.3 × the
// time for 4 × the input on a quiet machine, 6.1 once in CI under load, while
// the algorithm is one pass (each label added to the Set once).
const skill = (body) => `---\nname: hostile\ndescription: Hostile input. Use when testing.\n---\n# hostile\n\n${body}`

/** A list nested by indentation: line i is indented 2i columns (bytes grow with depth²). */
const indentedList = (bytes) => {
  const depth = Math.max(1, Math.floor(Math.sqrt(bytes)))
  let body = ""
  for (let i = 0; i < depth; i++) body += "  ".repeat(i) + "- item\n"
  return skill(body)
}

export const HOSTILE_INPUTS = {
  /** 3,000 levels was 9 MB and 280 s to lint before issue 19. */
  "list nested by indentation": indentedList,
  /** One list item per marker on one line. */
  "'- ' markers on one line": (bytes) => skill("- ".repeat(Math.floor(bytes / 2)) + "x\n"),
  /** 50,000 nested '[' took 32 s to lint. */
  "nested '['": (bytes) => skill("[".repeat(bytes) + "\n"),
  /** Issue 29 item 5: `[[…]]` with 12,500 pairs took 2.7 s to lint, 50,000 took 20.7 s. */
  "nested '[…]' pairs": (bytes) => skill("[".repeat(Math.floor(bytes / 2)) + "]".repeat(Math.floor(bytes / 2)) + "\n"),
  "'[a]' references in one paragraph": (bytes) => skill("[a] ".repeat(Math.floor(bytes / 4)) + "\n"),
  /** Each definition is looked up among all earlier ones. */
  "link definitions": (bytes) => {
    let body = ""
    for (let i = 0; body.length < bytes; i++) body += `[d${i}]: x\n`
    return skill(body)
  },
  "nested '[text](' links": (bytes) => skill("[a".repeat(Math.floor(bytes / 6)) + "](x)".repeat(Math.floor(bytes / 6)) + "\n"),
  "block quote markers on one line": (bytes) => skill(">".repeat(bytes) + " x\n"),
  "emphasis in one paragraph": (bytes) => skill("a *b* ".repeat(Math.floor(bytes / 6)) + "\n"),
  "nested emphasis": (bytes) => skill("*a ".repeat(Math.floor(bytes / 6)) + "x" + " a*".repeat(Math.floor(bytes / 6)) + "\n"),
  "long unbroken token": (bytes) => skill("0123456789abcdef".repeat(Math.floor(bytes / 16)) + "\n"),
  /**
   * One paragraph of lines each holding a code span and a simple link (a
   * reference file of API notes): each '[' was checked against every code
   * span of the paragraph, so 3.5 MB took 2.3 s in the link scanner.
   */
  "code spans and links in one paragraph": (bytes) => {
    const line = (i) => `Call ${i} takes \`arg\` and returns [a result](#part-${i % 50}).\n`
    let body = ""
    for (let i = 0; body.length < bytes; i++) body += line(i)
    return skill(body)
  }
}

/**
 * The inputs test/hostile/linearity.test.ts measures from a smaller base than its 64 KiB, each below the
 * size where its cost per byte steps up once (cache misses and garbage collection of one large structure;
 * flat again above it), so that the 16 × step does not straddle that knee: "link definitions" from 4 KiB
 * (its knee lies between 64 and 256 KiB, above), "code spans and links in one paragraph" from 16 KiB (one
 * paragraph of 1 MiB: scanMarkdown 1.4 µs a KiB at 512 KiB, 3.6 at 1 MiB, 4.6–5.0 at 2–4 MiB; 64 KiB → 1 MiB
 * measured 37–38 against the bound of 40 on a quiet machine and 45.8 / 51.8 once in CI under load; 16 KiB →
 * 256 KiB 12.8 for scanMarkdown and 22.5 for parseLintAst).
 */
export const HOSTILE_BASES = new Map([
  ["link definitions", 4 * 1024],
  ["code spans and links in one paragraph", 16 * 1024]
])

