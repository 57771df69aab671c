/**
 * Loading a tool skill for `tools`, `run`, `approve` and MCP: resolve it
 * (RFC-0007:C-RESOLUTION), read SKILL.md, hash it, parse the dialect, and
 * read the approval store (tool-skills spec §6).
 */
import { Clock, Effect } from "effect"
import { Path } from "effect/Path"
import { InternalError, InvalidFrontmatter, InvalidOption, UsageError, Warning } from "../../domain/errors.js"
import { frontmatterProblemText } from "../../domain/markdown/frontmatter.js"
import {
  approvalDigestInput,
  approvalState,
  codeWords,
  embeddedPathWords,
  IMPLIED_EXTENSIONS,
  looksLikeScriptPath,
  namedFileCandidates,
  EMPTY_STORE,
  parseApprovalStore,
  renderApprovalStore,
  type ApprovalState,
  type ApprovalStore,
  type Trust
} from "../../domain/tools/approval.js"
import { ADVISORY_PROBLEMS, MODES, type Mode, type Problem, type ToolDefinition } from "../../domain/tools/model.js"
import { parseToolSkill, type ParsedToolSkill } from "../../domain/tools/parse.js"
import { warn } from "../../ports/Diagnostics.js"
import { FileSystem, isNotFound, unseenAs } from "../../ports/FileSystem.js"
import { Hasher } from "../../ports/Hasher.js"
import { resolveSkill, type ResolvedSkill } from "../skills/index.js"
import { holdingProcessLock, ioReason, Settings } from "../shared/index.js"

export interface LoadedToolSkill extends ParsedToolSkill {
  readonly resolved: ResolvedSkill
  readonly sha256: string
  readonly trust: Trust
  readonly approval: ApprovalState
  /**
   * The skill files the approval covers, by the text a command names them with (`scripts/h.sh`) → their
   * real path inside the skill: what `skc run` passes in their place, so the file that runs is the one approved.
   */
  readonly namedFiles: ReadonlyMap<string, string>
  /**
   * Words a command writes that name skill content its program finds from the working directory, not
   * through a path skc can pin: a directory (`node ./app`), or a file named without its extension (`node
   * main`, `python3 -m helper`). In the project's directory the project's own `app/`, `main.js` or
   * `helper.py` would run, unhashed, under the skill's approval: such a tool is refused (a tool-skill probe).
   */
  readonly unpinned: ReadonlyMap<string, string>
  /**
   * Words a command writes as skill paths that skc cannot pin to a file inside the skill: a link leading out
   * of it (or nowhere), or a script named as a path that the skill does not hold. Run from the project's
   * directory, each would name the project's file of that name, unhashed: a tool naming one is refused
   * (E012), as a program leading out of the skill is.
   */
  readonly escaping: ReadonlyMap<string, UnpinnablePath>
  /**
   * Words inside a longer argument (`sh -c './scripts/s.sh | sort'`) that name a file or directory of the
   * skill (`embeddedPathWords`) → what they name. Whatever runs that argument finds them from the project's
   * directory, where the project's file of that name would run, unapproved: a tool naming one is refused.
   */
  readonly embedded: ReadonlyMap<string, string>
}

/** A word of a command skc cannot pin to a file inside the skill: a link or a path out of it (E012), or a script it lacks. */
export interface UnpinnablePath {
  readonly kind: "link" | "outside" | "missing"
  readonly why: string
}

export const approvalsPath = Effect.gen(function* () {
  const path = yield* Path
  const { stores } = yield* Settings
  return path.join(stores.globalDir, "approvals.json")
})

/** The approval store; a missing file is empty, a corrupt one is reported (`strict`) or read as empty with a warning. */
export const readApprovals = Effect.fnUntraced(function* (strict: boolean) {
  const fs = yield* FileSystem
  const file = yield* approvalsPath
  const text = yield* fs.readFileString(file).pipe(
    Effect.map((t): string | undefined => t),
    Effect.catch((e) => (isNotFound(e) ? Effect.succeed(undefined) : Effect.fail(new InternalError({ message: `cannot read '${file}': ${e.code}`, cause: e }))))
  )
  if (text === undefined) return EMPTY_STORE
  const parsed = parseApprovalStore(text)
  if ("store" in parsed) return parsed.store
  if (strict) {
    return yield* Effect.fail(new UsageError({ message: `approval store '${file}' is unreadable: ${parsed.problem}`, detail: ["fix or delete the file, then approve again"] }))
  }
  yield* warn(Warning.notice(`approval store '${file}' is unreadable (${parsed.problem}); treating every skill as unapproved`))
  return EMPTY_STORE
})

/** How long an approval waits for another skc writing the store. */
const STORE_LOCK_WAIT_MS = 10_000

/**
 * `body` while this process alone updates the approval store. Without a lock, concurrent `skc approve`s each
 * read the store, added their skill and wrote it whole, the last one dropping the others' approvals (a QA
 * run: 6 of 8 kept, every command saying "Approved"). The lock is a database beside the store
 * (`approvals.json.lock.db`) held by the process, as `skc sync`'s is: it goes with the process whatever ends
 * it. The `mkdir` lock before it outlived a `kill -9`, and every approval then waited 10 s and failed for
 * the next 30 s, saying another skc was writing.
 */
const withStoreLock = <A, E, R>(file: string, body: Effect.Effect<A, E, R>) =>
  holdingProcessLock(`${file}.lock.db`, STORE_LOCK_WAIT_MS, body, {
    busy: `approval store '${file}' is being written by another skc for over ${STORE_LOCK_WAIT_MS / 1000} s; try again`,
    failed: (code) => `cannot lock approval store '${file}' (${code}); the approvals stored are kept`
  })

export const recordApproval = Effect.fnUntraced(function* (loaded: LoadedToolSkill) {
  const fs = yield* FileSystem
  const path = yield* Path
  const file = yield* approvalsPath
  yield* fs.makeDirectory(path.dirname(file), { recursive: true }).pipe(Effect.catch(() => Effect.void))
  return yield* withStoreLock(
    file,
    Effect.gen(function* () {
      // Read under the lock: the store as the last writer left it.
      const store = yield* readApprovals(true)
      const now = new Date(yield* Clock.currentTimeMillis).toISOString()
      // The record's fields skc does not read, and whatever else the file holds, are written back (`kept`, `more`).
      const earlier = store.approvals[loaded.resolved.canonicalSourceDir]
      const next: ApprovalStore = {
        ...store,
        approvals: {
          ...store.approvals,
          [loaded.resolved.canonicalSourceDir]: { skill: loaded.resolved.name, sha256: loaded.sha256, approved_at: now, ...(earlier?.more === undefined ? {} : { more: earlier.more }) }
        }
      }
      yield* fs.writeFileAtomic(file, renderApprovalStore(next)).pipe(
        Effect.mapError((e) => new InternalError({ message: `cannot write approval store '${file}': ${ioReason(e)}; the approvals stored are kept`, cause: e }))
      )
      return now
    })
  )
})

/**
 * The digest an approval covers (issue 19): SKILL.md plus every regular file
 * inside the skill root that a tool's command names (see namedFileCandidates).
 * A name that leaves the root (also through a symlink) or is not a file is
 * not skill content and is left out; `run` refuses an escaping program anyway.
 */
const approvalDigest = Effect.fnUntraced(function* (root: string, skillMdHex: string, parsed: ParsedToolSkill) {
  const fs = yield* FileSystem
  const path = yield* Path
  const hasher = yield* Hasher
  const inside = (p: string) => p.startsWith(root.endsWith(path.sep) ? root : root + path.sep)
  const files: Array<readonly [string, string]> = []
  const named = new Map<string, string>()
  const unpinned = new Map<string, string>()
  const escaping = new Map<string, UnpinnablePath>()
  // Only the words a program loads as code can be unpinned (`codeWords`): a plain argument costs no lookup more.
  const code = new Set(parsed.skill.tools.flatMap((t) => (t.command === undefined ? [] : codeWords(t.command))))
  for (const name of namedFileCandidates(parsed.skill.tools.map((t) => t.command))) {
    const joined = path.resolve(root, name)
    if (!inside(joined)) {
      // Code named by a path out of the skill (`sh ../outside/x.sh`, `node --require=../x.js`): run from the
      // project's directory it named a file beside the project, unhashed, under the skill's approval (a probe:
      // edited after approval, it ran without a prompt). Refused as a program out of the skill is (E012).
      if (code.has(name) && looksLikeScriptPath(name) && !path.isAbsolute(name)) escaping.set(name, { kind: "outside", why: "a path leading out of the skill" })
      continue
    }
    const real = yield* fs.realPath(joined).pipe(unseenAs(undefined))
    if (real === undefined) {
      // A link in the skill whose target is gone (or leads nowhere) is no file of the skill's either.
      if ((yield* fs.lstatOption(joined).pipe(unseenAs(undefined))) !== undefined) {
        escaping.set(name, { kind: "link", why: "a link in the skill that leads nowhere" })
        continue
      }
      if (!code.has(name)) continue
      // No such path in the skill: a file of it named without its extension, which node, python's -m and
      // the like complete from the working directory.
      for (const ext of IMPLIED_EXTENSIONS) {
        const info = yield* fs.statOption(`${joined}${ext}`).pipe(unseenAs(undefined))
        if (info?.type === "file") {
          unpinned.set(name, `the skill's ${path.relative(root, joined)}${ext}, named without its extension`)
          break
        }
      }
      // A script the skill does not hold, named as a path (`bash scripts/setup.sh`): the project's file of
      // that name would run, unapproved (a tool-skill probe ran it without a prompt).
      if (!unpinned.has(name) && looksLikeScriptPath(name)) escaping.set(name, { kind: "missing", why: "which the skill does not hold" })
      continue
    }
    // A skill file that is a link leading out of the skill (or through a linked directory): not hashed, so the
    // word stayed as written and named the project's file of that name when run; refused like such a program.
    if (!inside(real)) {
      escaping.set(name, { kind: "link", why: "a link leading out of the skill" })
      continue
    }
    const info = yield* fs.stat(real).pipe(unseenAs(undefined))
    if (info?.type === "directory" && real !== root && code.has(name)) {
      unpinned.set(name, `the skill's directory ${path.relative(root, real)}/`)
      continue
    }
    if (info?.type !== "file") continue
    // Hashed a piece at a time: a 1.9 GB data file a command names (`grep -c x data.bin`, sparse, costing its
    // author nothing) took 2 GB of memory on every load of the skill, and past 2 GB failed it (E999).
    const hex = yield* fs.hashFile(real).pipe(Effect.mapError((e) => new InternalError({ message: `cannot read '${real}': ${e.code}`, cause: e })))
    files.push([path.relative(root, real), hex])
    named.set(name, real)
  }
  const embedded = new Map<string, string>()
  for (const word of new Set(parsed.skill.tools.flatMap((t) => (t.command === undefined ? [] : embeddedPathWords(t.command))))) {
    const joined = path.resolve(root, word)
    if (!inside(joined)) continue
    for (const candidate of [joined, ...IMPLIED_EXTENSIONS.map((ext) => `${joined}${ext}`)]) {
      const info = yield* fs.statOption(candidate).pipe(unseenAs(undefined))
      if (info === undefined) continue
      embedded.set(word, `the skill's ${info.type === "directory" ? "directory" : "file"} ${path.relative(root, candidate)}`)
      break
    }
  }
  const input = approvalDigestInput(skillMdHex, files)
  return { sha256: input === undefined ? skillMdHex : hasher.sha256Hex(input), named, unpinned, escaping, embedded }
})


export const loadToolSkill = Effect.fnUntraced(function* (skill: string, options: { readonly strictApprovals?: boolean } = {}) {
  const fs = yield* FileSystem
  const path = yield* Path
  const hasher = yield* Hasher
  const resolved = yield* resolveSkill(skill)
  const file = path.join(resolved.sourceDir, "SKILL.md")
  const bytes = yield* fs.readFile(file).pipe(Effect.mapError((e) => new InternalError({ message: `cannot read '${file}': ${e.code}`, cause: e })))
  const parsed = parseToolSkill(new TextDecoder("utf-8").decode(bytes))
  const { sha256, named, unpinned, escaping, embedded } = yield* approvalDigest(resolved.canonicalSourceDir, hasher.sha256Hex(bytes), parsed)
  if (parsed.frontmatterError !== undefined && !parsed.declaresTools) {
    // Unparseable YAML is reported as such, not as "declares no tools" (issue 19) nor as a missing name (issue 29 item 5).
    return yield* Effect.fail(new InvalidFrontmatter({ problem: frontmatterProblemText(parsed.frontmatterError) }))
  }
  if (!parsed.declaresTools) {
    return yield* Effect.fail(
      new UsageError({ message: `skill '${resolved.name}' declares no tools (### tool_name blocks with a #### Command section)` })
    )
  }
  // A path or a skill installed by another tool (DECISIONS #38) is not the user's own store.
  const trust: Trust = resolved.scope === "path" || resolved.foreign === true ? "untrusted" : "user"
  const store = yield* readApprovals(options.strictApprovals ?? false)
  const loaded: LoadedToolSkill = { ...parsed, resolved, sha256, trust, approval: approvalState(store, resolved.canonicalSourceDir, sha256), namedFiles: named, unpinned, escaping, embedded }
  return loaded
})

/** Problems that stop a run of `tool` (spec §9.1 fatal errors): skill-level ones and the tool's own. */
export const blockingProblems = (loaded: ParsedToolSkill, tool: string): ReadonlyArray<Problem> =>
  loaded.problems.filter((p) => !ADVISORY_PROBLEMS.has(p.kind) && (p.tool === undefined || p.tool === tool) && p.kind !== "no-tools")

export const findTool = Effect.fnUntraced(function* (loaded: LoadedToolSkill, name: string) {
  const matches = loaded.skill.tools.filter((t) => t.name === name)
  if (matches.length === 0) {
    const names = loaded.skill.tools.map((t) => t.name).join(", ")
    return yield* Effect.fail(new UsageError({ message: `tool '${name}' not found in skill '${loaded.resolved.name}'${names ? ` (tools: ${names})` : ""}` }))
  }
  const blocking = blockingProblems(loaded, name)
  if (blocking.length > 0) {
    return yield* Effect.fail(
      new UsageError({
        message: `skill '${loaded.resolved.name}' has errors that stop tool '${name}'; run 'skc lint ${loaded.resolved.name}'`,
        detail: blocking.map((p) => `SKILL.md:${p.line}: ${p.message}`)
      })
    )
  }
  return matches[0] as ToolDefinition
})

export const parseMode = (mode: string | undefined) =>
  mode === undefined
    ? Effect.succeed(undefined)
    : (MODES as ReadonlyArray<string>).includes(mode)
      ? Effect.succeed(mode as Mode)
      : // An option's value no mode has is a parsing failure of the option: E100 (RFC-0005 unified codes), not a bare `error:`.
        Effect.fail(new InvalidOption({ message: `--mode: unknown mode '${mode}' (expected ${MODES.join(", ")})` }))
