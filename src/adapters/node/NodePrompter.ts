/**
 * Prompter on the terminal: the question goes to stderr (stdout carries only
 * the command's result), the answer is one line of stdin. Interactive only
 * when both stdin and stderr are terminals.
 */
import { createInterface } from "node:readline"
import { Effect } from "effect"
import type { PrompterService } from "../../ports/Prompter.js"
import { isTerminal } from "./terminal.js"

export const makeNodePrompter = (): PrompterService => ({
  get interactive() {
    return isTerminal(0) && isTerminal(2)
  },
  confirm: (lines, question) =>
    Effect.callback<boolean>((resume) => {
      for (const l of lines) process.stderr.write(l + "\n")
      const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true })
      let answered = false
      rl.question(`${question} [y/N] `, (answer) => {
        answered = true
        rl.close()
        resume(Effect.succeed(/^(y|yes)$/i.test(answer.trim())))
      })
      rl.on("close", () => {
        if (!answered) resume(Effect.succeed(false))
      })
      return Effect.sync(() => rl.close())
    })
})
