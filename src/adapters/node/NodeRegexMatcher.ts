/** RegexMatcher on Node (issue 45 item 2): the match runs in a `vm` context whose timeout V8 enforces mid-backtrack. */
import { createContext, runInContext } from "node:vm"
import { Effect, Layer } from "effect"
import { RegexMatcher, RegexTimedOut } from "../../ports/RegexMatcher.js"

const SCRIPT = "(() => { const out = []; for (const m of text.matchAll(regex)) { out.push(String(m.groups?.skill ?? m[1] ?? m[0])) } return out })()"

export const NodeRegexMatcherLive = Layer.succeed(RegexMatcher, {
  matchAll: (regex, text, timeoutMs) =>
    Effect.suspend(() => {
      const global = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : regex.flags + "g")
      try {
        const found = runInContext(SCRIPT, createContext({ regex: global, text }), { timeout: Math.max(1, Math.min(timeoutMs, 2 ** 31 - 1)) }) as Array<string>
        return Effect.succeed([...found])
      } catch (e) {
        if ((e as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT") return Effect.fail(new RegexTimedOut(timeoutMs))
        return Effect.die(e)
      }
    })
})
