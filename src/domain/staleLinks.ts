/**
 * Links an earlier build left (DECISIONS #51, #53): `skc build pdf` (claude), then `skc build pdf
 * --target agents` deploys `.agents/skills/pdf` and leaves `.claude/skills/pdf`, skc's own link to the
 * same runtime. Agents that read both directories (GitHub Copilot, OpenCode, Amp) then find the skill
 * twice, and the build's own overlap check (targetOverlap.ts) never saw it: it compares only the
 * targets of this build. This says what is left, who finds the skill twice, and the commands that
 * remove the links or keep them on purpose. Nothing is removed: the user may want them. Pure.
 */
import { describeSeenTwice, listed, type DeployedDir, type SeenTwice } from "./targetOverlap.js"
import { shellWord } from "./shellWord.js"

/** A link skc made to the skill's runtime, in a known target's directory this build did not deploy to. */
export interface StaleLink {
  readonly skill: string
  /** `<dir>/<skill>`, absolute. */
  readonly link: string
  readonly dir: DeployedDir
}

export interface StaleLinksText {
  /** Not empty; in the order found (skill by skill, directory by directory). */
  readonly links: ReadonlyArray<StaleLink>
  /** The agents reading a directory of `links` and another the skill is deployed in (none: nobody finds it twice). */
  readonly affected: ReadonlyArray<SeenTwice>
  /** How to keep the links as targets (`build with --target claude,agents`), or undefined when keeping them still shows a skill twice. */
  readonly keepWith: string | undefined
  /** The skills named (`'pdf'`, `'a' and 'b'`, `4 skills`). */
  readonly who: string
  /** A directory or link as the user knows it (`.claude/skills/pdf`). */
  readonly show: (p: string) => string
  /** A link as a path from the working directory (the `rm` command's argument). */
  readonly fromCwd: (p: string) => string
  /**
   * The links whose removal hides the skill from no agent: each agent reading their directory also reads
   * one this build deployed to. Absent: all of them. A link some agent reads alone is never in the `rm`.
   */
  readonly removable?: ReadonlyArray<StaleLink>
  /** The agents (titles) that read a link's directory and none this build deployed to: who would lose the skill. */
  readonly onlyReaders?: ReadonlyArray<string>
}

export const describeStaleLinks = (t: StaleLinksText): string => {
  const skills = [...new Set(t.links.map((l) => l.skill))]
  const dirs = t.links.map((l) => l.dir).filter((d, i, all) => all.findIndex((x) => x.dir === d.dir) === i)
  // One directory: the --target that put it there. Several: the targets of earlier builds, named apart, since no
  // one build needs to have named them all ("from an earlier --target agents,kiro" named a --target never given).
  const labels = dirs.length === 1 ? `an earlier --target ${dirs[0]!.labels[0]!}` : `earlier builds for ${listed(dirs.map((d) => d.labels[0]!))}`
  const one = t.links.length === 1
  const many = skills.length > 1
  const what = many
    ? `${listed(dirs.map((d) => t.show(d.dir)))} still ${dirs.length === 1 ? "holds" : "hold"} skc's links to ${t.who} of this build`
    : `${listed(t.links.map((l) => t.show(l.link)))} still ${one ? "links" : "link"} to this build`
  const why = t.affected.length === 0 ? "" : `: ${describeSeenTwice(t.affected, { who: t.who, many, show: t.show })}`
  const keep = t.keepWith === undefined ? "" : `, or keep ${one ? "it" : "them"} and ${t.keepWith}`
  const removable = t.removable ?? t.links
  if (removable.length === t.links.length) {
    const rm = `rm ${t.links.map((l) => shellWord(t.fromCwd(l.link))).join(" ")}`
    return `${what} from ${labels}${why}; remove ${one ? "it" : "them"} (${rm})${keep}`
  }
  // A link that is the only copy some agent reads (Kiro reads .kiro/skills alone) is never offered for
  // removal: the `rm` hid the skill from that agent.
  const needed = t.links.filter((l) => !removable.includes(l))
  // Named: "the only copy an agent reads" beside "GitHub Copilot, OpenCode and Amp find it twice" read as a contradiction.
  const readers = t.onlyReaders ?? []
  const reader = readers.length === 0 ? "an agent reads" : `${listed(readers)} ${readers.length === 1 ? "reads" : "read"}`
  // Several: not "each the only copy" (an agent reading both, OpenCode, has two), but copies those agents read
  // where this build deployed none for them (a profile probe).
  const sameSkillTwice = new Set(needed.map((l) => l.skill)).size < needed.length
  const onlyCopy = `${listed(needed.map((l) => t.show(l.link)))} ${
    needed.length === 1
      ? `is the only copy ${reader} (do not remove it)`
      : sameSkillTwice
        ? `are the copies ${reader}, this build deploying none where ${readers.length === 1 ? "it looks" : "they look"} (do not remove them)`
        : `are each the only copy ${reader} (do not remove them)`
  }`
  const keepAll = t.keepWith === undefined ? "" : `; to keep deploying there, ${t.keepWith}`
  if (removable.length === 0) return `${what} from ${labels}${why}; ${onlyCopy}${keepAll}`
  const rm = `rm ${removable.map((l) => shellWord(t.fromCwd(l.link))).join(" ")}`
  return `${what} from ${labels}${why}; remove ${listed(removable.map((l) => t.show(l.link)))} (${rm}), which every agent reading ${removable.length === 1 ? "it" : "them"} also finds elsewhere; ${onlyCopy}${keepAll}`
}
