/**
 * Build targets one agent reads twice (DECISIONS #51, #53): Gemini CLI,
 * GitHub Copilot and OpenCode read the shared `.agents/skills` besides their
 * own directory, so `--target agents,gemini` deploys a skill into two
 * directories Gemini CLI reads, and it finds the skill twice (one copy
 * shadowing the other: it lists one). What is deployed stays what the user asked for;
 * this finds which agents see a skill more than once, and which targets
 * can go without any agent losing the skill, so the build can say so.
 *
 * Which agent reads which directory comes from the agent profiles (the
 * caller resolves each profile's directories for the build's scope), never
 * from a list of its own: a profile change carries over. Pure.
 */

/** A directory the build deployed into (absolute), with the target words that named it (`agents,codex` share one). */
export interface DeployedDir {
  readonly dir: string
  readonly labels: ReadonlyArray<string>
}

/** An agent and the absolute directories it reads at the build's scope. */
export interface AgentReads {
  readonly name: string
  readonly title: string
  readonly dirs: ReadonlyArray<string>
}

export interface SeenTwice {
  readonly agent: AgentReads
  /** The deployed directories it reads, in deployment order. */
  readonly seen: ReadonlyArray<DeployedDir>
}

export type TargetOverlap =
  /** Targets that can go: every agent reading their directory still reads another deployed one. */
  | { readonly _tag: "Droppable"; readonly affected: ReadonlyArray<SeenTwice>; readonly dropped: ReadonlyArray<DeployedDir>; readonly covering: ReadonlyArray<DeployedDir> }
  /** Agents see the skill twice, but each target is the only one some agent reads (`claude,agents`: Copilot). */
  | { readonly _tag: "Unavoidable"; readonly affected: ReadonlyArray<SeenTwice> }

/** The overlap of a build's deployed directories, or `undefined` when no agent reads two of them. */
const seenBy = (a: AgentReads, among: ReadonlyArray<DeployedDir>) => among.filter((d) => a.dirs.includes(d.dir))

/** The agents that read two or more of `deployed`, each with the ones it reads (in `deployed`'s order). */
export const seenTwice = (deployed: ReadonlyArray<DeployedDir>, agents: ReadonlyArray<AgentReads>): ReadonlyArray<SeenTwice> =>
  agents.flatMap((agent): Array<SeenTwice> => {
    const seen = seenBy(agent, deployed)
    return seen.length >= 2 ? [{ agent, seen }] : []
  })

export const targetOverlap = (deployed: ReadonlyArray<DeployedDir>, agents: ReadonlyArray<AgentReads>): TargetOverlap | undefined => {
  const twice = seenTwice(deployed, agents)
  if (twice.length === 0) return undefined
  // Greedy, in target order: a directory goes when every agent reading it still reads one that stays. A
  // directory no known agent reads (a path, a `[targets]` entry) is for something skc does not know: it stays.
  let kept: ReadonlyArray<DeployedDir> = deployed
  const dropped: Array<DeployedDir> = []
  for (const d of deployed) {
    const readers = agents.filter((a) => a.dirs.includes(d.dir))
    const rest = kept.filter((k) => k !== d)
    if (readers.length > 0 && readers.every((a) => seenBy(a, rest).length > 0)) {
      kept = rest
      dropped.push(d)
    }
  }
  if (dropped.length === 0) return { _tag: "Unavoidable", affected: twice }
  // In the order of the targets that can go (`gemini,copilot` names Gemini CLI first), else the profiles'.
  const firstDropped = (t: SeenTwice) => dropped.findIndex((d) => t.seen.includes(d))
  const affected = twice.filter((t) => firstDropped(t) >= 0).sort((a, b) => firstDropped(a) - firstDropped(b))
  const covering = kept.filter((k) => affected.some((t) => t.seen.includes(k)))
  return { _tag: "Droppable", affected, dropped, covering }
}

export const listed = (words: ReadonlyArray<string>): string =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`

const times = (n: number) => (n === 2 ? "twice" : `${n} times`)

/**
 * The sentence for the build's output. `who` names the skill(s) (`'my-skill'`; `many` when several), `option` where the targets
 * came from (`--target`, `[build] targets`), `show` writes a directory as the user knows it (`.agents/skills`).
 */
export const describeOverlap = (
  overlap: TargetOverlap,
  options: { readonly who: string; readonly many?: boolean; readonly option: string; readonly show: (dir: string) => string }
): string => {
  const head = describeSeenTwice(overlap.affected, options)
  if (overlap._tag === "Unavoidable") return `${head} (each target is the only one some agent reads, so none can go)`
  const { dropped, covering } = overlap
  const one = overlap.affected.length === 1
  const cover = `the ${listed(covering.map((d) => d.labels[0]!))} target${covering.length === 1 ? " covers" : "s cover"} ${one ? "it" : "them"}`
  return `${head}; drop ${dropped.flatMap((d) => d.labels).join(",")} from ${options.option} (${cover})`
}

/**
 * Which agents read which of the directories, and that they find the skill(s) more than once
 * (`GitHub Copilot reads both .agents/skills and .claude/skills: it finds 'pdf' twice, one copy
 * shadowing the other`): the head of `describeOverlap`'s sentence, and of the one about links an
 * earlier build left (src/app/build/staleLinks.ts). `affected` is not empty.
 */
export const describeSeenTwice = (
  affected: ReadonlyArray<SeenTwice>,
  options: { readonly who: string; readonly many?: boolean; readonly show: (dir: string) => string }
): string => {
  const one = affected.length === 1
  const counts = new Set(affected.map((t) => t.seen.length))
  const howOften = counts.size === 1 ? times(affected[0]!.seen.length) : "more than once"
  // The common case (`agents,gemini,copilot`): each agent reads one shared directory and the one its own target deploys to.
  const shared = affected[0]!.seen.find((d) => affected.every((t) => t.seen.includes(d)))
  const own = (t: SeenTwice) => t.seen.find((d) => d !== shared && d.labels.includes(t.agent.name))
  const dirsOf = (t: SeenTwice) => listed(t.seen.map((d) => options.show(d.dir)))
  const titles = listed(affected.map((t) => t.agent.title))
  const reads =
    shared !== undefined && affected.every((t) => t.seen.length === 2 && own(t) !== undefined)
      ? `${titles} ${one ? "reads" : "read"} both ${options.show(shared.dir)} and ${one ? "its" : "their"} own directory (${affected.map((t) => options.show(own(t)!.dir)).join(", ")})`
      : affected.every((t) => dirsOf(t) === dirsOf(affected[0]!))
        ? `${titles} ${one ? "reads" : "read"} ${affected[0]!.seen.length === 2 ? "both " : ""}${dirsOf(affected[0]!)}`
        : affected.map((t) => `${t.agent.title} reads ${dirsOf(t)}`).join("; ")
  // Found, not listed, that often: every profile keeps one copy of a name (Codex lists each copy, but two links to
  // one runtime are one directory to it), as `skc discover --agent` shows the others shadowed.
  const others = counts.size === 1 && affected[0]!.seen.length === 2 ? "the other" : "the others"
  return `${reads}: ${one ? "it finds" : "they find"} ${options.who} ${howOften}, one copy${options.many === true ? " of each" : ""} shadowing ${others}`
}
