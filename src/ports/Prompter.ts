/**
 * Asking the person at the terminal (tool-skills spec §6.3 approval flow).
 * `interactive` is false without a TTY (CI, agents, MCP): then nobody can be
 * asked and the use case refuses instead of waiting.
 */
import { Context, Effect } from "effect"

export interface PrompterService {
  readonly interactive: boolean
  /** Show `lines` and ask a yes/no question; anything but yes is no. */
  readonly confirm: (lines: ReadonlyArray<string>, question: string) => Effect.Effect<boolean>
}

export class Prompter extends Context.Service<Prompter, PrompterService>()("skillc/Prompter") {}

/** Nobody to ask (MCP, embedders by default). */
export const noPrompter: PrompterService = { interactive: false, confirm: () => Effect.succeed(false) }
