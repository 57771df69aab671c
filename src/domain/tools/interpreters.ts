/**
 * Placeholders that reach an interpreter as code (issue 29 item 2, lint
 * SKL515 `tool-interpreter-code`).
 *
 * A command template is never run through a shell and a value never becomes
 * a second argument (template.ts). But a template can hand a value to a
 * program that runs its argument as code: `sh -c "echo {{v}}"`,
 * `python3 -c "print({{v}})"`, `node -e "{{v}}"`, `xargs sh -c {{v}}`,
 * `find . -exec sh -c {{v}} \;`. Then `--arg "v=hi; touch PWNED"` runs the
 * injected command, and an agent (or a prompt injection reaching it) picks
 * argument values. Such a template is refused by lint and by `skc run`,
 * approved or not.
 *
 * What is refused, for each program the command runs (the program itself,
 * and the programs that wrappers such as `env`, `xargs`, `timeout`, `nice`,
 * `sudo` and `find -exec` run in turn):
 * - a placeholder in the argument an interpreter runs as code (the one
 *   after `-c`, `-e`, `--eval`, `-Command`, `/c`, …, or awk's and sed's
 *   program text);
 * - a placeholder where a value would choose the program, an interpreter's
 *   option, or the script it runs (`python3 {{file}}`, `bash {{a}} {{b}}`
 *   with `a` = `-c`).
 *
 * What stays allowed: the value as a separate positional argument after
 * literal code (`sh -c 'echo "$1"' -- {{v}}`, `python3 -c 'import sys;
 * print(sys.argv[-1])' -- {{v}}`), as an argument of a script
 * (`python3 script.py {{v}}`), as an environment assignment
 * (`env NAME={{v}} …`) or as an awk variable (`awk -v n={{v}} '…'`).
 */
import type { ArgTemplate, CommandTemplate } from "./model.js"
import { assignedName, assignmentOf, runsAsCode } from "./envNames.js"
import { literalOf } from "./template.js"

/** One argument: its literal text when it holds no placeholder. */
interface Arg {
  readonly literal: string | undefined
  readonly variables: ReadonlyArray<string>
}

const toArg = (t: ArgTemplate): Arg => {
  const variables = t.filter((f) => f._tag === "Variable").map((f) => (f._tag === "Variable" ? f.name : ""))
  return { literal: variables.length === 0 ? t.map((f) => (f._tag === "Literal" ? f.text : "")).join("") : undefined, variables }
}

/** The program's name as the table knows it: `/usr/bin/python3.11` → `python`, `pwsh.exe` → `pwsh`. */
const baseName = (program: string): string =>
  (program.split(/[\\/]/).pop() ?? program)
    .toLowerCase()
    .replace(/\.exe$/, "")
    .replace(/^(python|pypy|perl|ruby|php|lua|node|bash|tclsh|wish|ksh|zsh|dash|yash|mksh|tcsh)[0-9.]*$/, "$1")

type Kind = "shell" | "python" | "node" | "deno" | "eval-e" | "php" | "awk" | "sed" | "powershell" | "cmd" | "joined" | "ssh"

/** Programs that run an argument as code, and how they are told to. */
const INTERPRETERS: Record<string, Kind> = {
  sh: "shell", bash: "shell", dash: "shell", zsh: "shell", ksh: "shell", mksh: "shell", ash: "shell", fish: "shell",
  // A tool-skill probe: `rbash -c -- {{v}}` (Debian's bash ships it) ran the value as code, lint clean; each of
  // these takes `-c <command string>` as sh does.
  rbash: "shell", tcsh: "shell", csh: "shell", yash: "shell", pdksh: "shell", oksh: "shell", loksh: "shell", lksh: "shell", posh: "shell",
  hush: "shell", elvish: "shell", nu: "shell", xonsh: "shell", osh: "shell", ysh: "shell",
  python: "python", pypy: "python",
  node: "node", nodejs: "node", bun: "node", deno: "deno",
  perl: "eval-e", ruby: "eval-e", lua: "eval-e", luajit: "eval-e", rscript: "eval-e", osascript: "eval-e", jshell: "eval-e",
  php: "php",
  awk: "awk", gawk: "awk", mawk: "awk", nawk: "awk",
  sed: "sed", gsed: "sed",
  pwsh: "powershell", powershell: "powershell",
  cmd: "cmd",
  watch: "joined", eval: "joined",
  // GNU parallel composes its command and arguments (`::: {{v}}` alone is the command) and runs them through a shell.
  parallel: "joined",
  ssh: "ssh"
}

/** Programs that run another program given on their command line (its options first). */
const WRAPPERS: Record<string, ReadonlySet<string>> = {
  // The options of each wrapper that take a value of their own (`-n 5`).
  env: new Set(["-u", "--unset", "-C", "--chdir"]),
  xargs: new Set(["-I", "-i", "-d", "--delimiter", "-E", "-e", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "-L", "--max-lines", "-a", "--arg-file"]),
  timeout: new Set(["-s", "--signal", "-k", "--kill-after"]),
  nice: new Set(["-n", "--adjustment"]),
  nohup: new Set(),
  setsid: new Set(),
  stdbuf: new Set(["-i", "-o", "-e"]),
  time: new Set(["-f", "--format", "-o", "--output"]),
  command: new Set(),
  exec: new Set(["-a"]),
  sudo: new Set(["-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-U", "--other-user"]),
  doas: new Set(["-u", "-C"]),
  ionice: new Set(["-c", "--class", "-n", "--classdata"]),
  chrt: new Set(),
  taskset: new Set(),
  unbuffer: new Set(),
  caffeinate: new Set(["-w", "-t"]),
  flock: new Set(["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"]),
  // Issue 45 item 1: each ran `sh -c {{v}}` past the list of the third attack run.
  chroot: new Set(["--userspec", "--groups"]),
  unshare: new Set(["-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd", "--propagation", "--map-user", "--map-group", "--map-users", "--map-groups"]),
  setpriv: new Set(["--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--pdeathsig", "--selinux-label", "--apparmor-profile", "--landlock-access", "--landlock-rule"]),
  strace: new Set(["-o", "--output", "-e", "-p", "--attach", "-s", "--string-limit", "-u", "--user", "-E", "--env", "-a", "--columns", "-b", "--detach-on", "-I", "--interruptible", "-O", "-P", "--trace-path", "-S", "--summary-sort-by", "-X", "--const-print-style"]),
  ltrace: new Set(["-o", "--output", "-e", "-p", "-s", "-u", "-a", "--align", "-n", "--indent", "-l", "--library", "-x", "-L", "-F", "--config"]),
  nsenter: new Set(["-t", "--target", "-S", "--setuid", "-G", "--setgid", "-r", "--root", "-w", "--wd"]),
  prlimit: new Set(["-p", "--pid", "-o", "--output"]),
  runcon: new Set(["-u", "--user", "-r", "--role", "-t", "--type", "-l", "--range"]),
  "systemd-run": new Set(["-u", "--unit", "-p", "--property", "--description", "--slice", "-E", "--setenv", "--uid", "--gid", "--nice", "--working-directory", "-M", "--machine", "-H", "--host"]),
  firejail: new Set(),
  proot: new Set(["-r", "--rootfs", "-b", "--bind", "-w", "--pwd", "--cwd", "-q", "--qemu"])
}
/** Wrappers whose first operand is not yet the program (`timeout 10 cmd`, `taskset 0x3 cmd`, `flock FILE cmd`). */
const LEADING_OPERANDS: Record<string, number> = { timeout: 1, taskset: 1, chrt: 1, flock: 1, chroot: 1 }

/**
 * The command a wrapper runs (`env GREETING=hi ./scripts/hello.sh`, `timeout 5 bash x.sh`, `nice -n 5 --
 * ./x.sh`): its program and arguments after the wrapper's options, assignments and leading operands, through
 * wrappers of wrappers; undefined when the program is no wrapper or a placeholder stands where the wrapped
 * program would be (then what runs is the value's, judged by SKL516). The wrapped program is found from the
 * working directory as any program is: a tool-skill pass found `env X=1 ./scripts/hello.sh` ran the
 * project's `scripts/hello.sh` under the skill's approval when the skill lacked its own.
 */
export const wrappedCommand = (command: WordsOfCommand): WordsOfCommand | undefined => {
  const name = baseName(command.program)
  const takesValue = WRAPPERS[name]
  if (takesValue === undefined) return undefined
  let operands = LEADING_OPERANDS[name] ?? 0
  for (let i = 0; i < command.args.length; i++) {
    const a = literalOf(command.args[i]!)
    // `env GREETING={{who}} ./x.sh` (the documented safe form): an assignment's value is data, not the program.
    if (a === undefined && name === "env" && assignmentOf(command.args[i]!) !== undefined) continue
    if (a === undefined) return undefined
    if (a === "--") return commandFrom(command.args, i + 1)
    if (name === "env" && assignedName(a) !== undefined) continue
    // `env -S "…"` splits one string into a command line: no single word is the program (`splitStringWords`).
    if (name === "env" && isSplitString(a)) return undefined
    if (a.startsWith("-") && a !== "-") {
      if (takesValue.has(a)) i++
      continue
    }
    if (operands > 0) {
      operands--
      continue
    }
    return commandFrom(command.args, i)
  }
  return undefined
}

/** env's option that splits a string into the command line it runs: `-S`, `--split-string[=…]`, or `-S` among short options (`-iS`, `-S./x.sh`). */
const isSplitString = (a: string): boolean => a.startsWith("--split-string") || /^-[A-Za-z0-9]*S/.test(a)

/**
 * The words of the string env splits into the command it runs (`env -S 'X=1 ./x.sh a'`, through wrappers:
 * `timeout 5 env -S …`), split at white space with quotes dropped; undefined when the command has none.
 * What runs is in one argument, which no check of skill files sees word by word: a probe's `env -S
 * './scripts/hello.sh'` ran the project's `scripts/hello.sh` under the skill's approval, the skill's own
 * file too present (src/app/tools/run.ts refuses such a tool when a word names a file).
 */
export const splitStringWords = (command: WordsOfCommand): ReadonlyArray<string> | undefined => {
  for (let current: WordsOfCommand | undefined = command, depth = 0; current !== undefined && depth < 64; depth++) {
    const name = baseName(current.program)
    if (WRAPPERS[name] === undefined) return undefined
    if (name === "env") {
      for (let i = 0; i < current.args.length; i++) {
        const a = literalOf(current.args[i]!)
        if (a === undefined || a === "--") break
        if (!isSplitString(a)) continue
        const attached = a.startsWith("--split-string=") ? a.slice("--split-string=".length) : a.startsWith("--") ? "" : a.slice(a.indexOf("S") + 1)
        const text = attached !== "" ? attached : literalOf(current.args[i + 1] ?? []) ?? ""
        return text.split(/\s+/).map((w) => w.replace(/^["']|["']$/g, "")).filter((w) => w !== "")
      }
    }
    current = wrappedCommand(current)
  }
  return undefined
}

/** A command as its words: the program, and each argument as the pieces a template holds (literal text, placeholders). */
export interface WordsOfCommand {
  readonly program: string
  readonly args: ReadonlyArray<ArgTemplate>
}

const commandFrom = (args: WordsOfCommand["args"], at: number): WordsOfCommand | undefined => {
  const program = at < args.length ? literalOf(args[at]!) : undefined
  if (program === undefined) return undefined
  const inner = { program, args: args.slice(at + 1) }
  return wrappedCommand(inner) ?? inner
}

/**
 * Programs that run any of their arguments as code or choose with it what
 * runs, whatever its place (issue 45 item 1): every placeholder among their
 * arguments is refused.
 */
const RUNS_ANY_ARGUMENT: Record<string, string> = {
  sqlite3: "is an argument of sqlite3, which runs SQL and dot-commands such as .shell from its arguments",
  sqlite: "is an argument of sqlite, which runs SQL and dot-commands from its arguments",
  vim: "is an argument of vim, which runs Ex commands given by -c, +cmd or --cmd (and :! runs a shell)",
  vi: "is an argument of vi, which runs Ex commands given by -c or +cmd",
  nvim: "is an argument of nvim, which runs Ex commands given by -c, +cmd or --cmd",
  ex: "is an argument of ex, which runs Ex commands given by -c or +cmd",
  view: "is an argument of view, which runs Ex commands given by -c or +cmd",
  gvim: "is an argument of gvim, which runs Ex commands given by -c, +cmd or --cmd",
  vimdiff: "is an argument of vimdiff, which runs Ex commands given by -c or +cmd",
  emacs: "is an argument of emacs, which evaluates Lisp given by --eval",
  npx: "is an argument of npx, which chooses and runs a package (and --call runs a shell command)",
  bunx: "is an argument of bunx, which chooses and runs a package",
  pnpx: "is an argument of pnpx, which chooses and runs a package",
  // A tool-skill probe: each turns an argument (after `--` too) into an expression or a command it runs.
  find: "is an argument of find, which reads any argument starting with '-' as part of its expression (-exec, -delete), after -- too",
  busybox: "is an argument of busybox, whose arguments choose the applet it runs (sh among them)",
  bwrap: "is an argument of bwrap, which runs the command given by its arguments",
  fakeroot: "is an argument of fakeroot, which runs the command given by its arguments",
  "dbus-run-session": "is an argument of dbus-run-session, which runs the command given by its arguments",
  pkexec: "is an argument of pkexec, which runs the command given by its arguments as another user",
  sg: "is an argument of sg, which runs its command argument through a shell",
  valgrind: "is an argument of valgrind, which runs the program given by its arguments",
  torsocks: "is an argument of torsocks, which runs the command given by its arguments",
  proxychains: "is an argument of proxychains, which runs the command given by its arguments",
  proxychains4: "is an argument of proxychains4, which runs the command given by its arguments",
  faketime: "is an argument of faketime, which runs the command given by its arguments",
  catchsegv: "is an argument of catchsegv, which runs the program given by its arguments",
  // A tool-skill probe (sixty-third pass): each ran `id` (or would run a program) chosen by a value among its arguments.
  ...Object.fromEntries(
    [
      "setarch",
      "linux32",
      "linux64",
      "i386",
      "x86_64",
      "uname26",
      "numactl",
      "rlwrap",
      "cgexec",
      "xvfb-run",
      "chpst",
      "fakechroot",
      "daemonize",
      "sshpass",
      "systemd-nspawn",
      "schroot",
      "lxc-attach",
      "chronic",
      "ifne",
      "srun",
      "cpulimit",
      "trickle",
      "tsocks",
      "eatmydata",
      "tsp",
      "nq"
    ].map((program) => [program, `is an argument of ${program}, which runs the command given by its arguments`])
  ),
  "start-stop-daemon": "is an argument of start-stop-daemon, which starts the program its --exec or --startas names with its arguments",
  "ssh-agent": "is an argument of ssh-agent, which runs the command given by its arguments",
  // A tool-skill probe ran each of these with a free-text value after `--`, lint clean (`tmux new-session
  // -d -- {{v}}` ran `id > …` under a read-only approval).
  tmux: "is an argument of tmux, which runs its command arguments through a shell",
  screen: "is an argument of screen, which runs the command given by its arguments",
  uvx: "is an argument of uvx, which runs the package or command given by its arguments",
  entr: "is an argument of entr, which runs the command given by its arguments",
  hyperfine: "is an argument of hyperfine, which runs its command arguments through a shell",
  "dbus-launch": "is an argument of dbus-launch, which runs the command given by its arguments",
  mpirun: "is an argument of mpirun, which runs the program given by its arguments",
  mpiexec: "is an argument of mpiexec, which runs the program given by its arguments",
  tclsh: "is an argument of tclsh, which runs the script given by its arguments",
  make: "is an argument of make, whose arguments set variables (SHELL, recipes' commands) and choose targets",
  gmake: "is an argument of gmake, whose arguments set variables (SHELL, recipes' commands) and choose targets"
}
/** Subcommands that run a package or a script chosen by their arguments (`npm exec {{v}}`). */
const RUNS_ANY_ARGUMENT_AFTER: Record<string, ReadonlySet<string>> = {
  npm: new Set(["exec", "x", "run", "run-script", "explore"]),
  pnpm: new Set(["exec", "dlx", "run", "create"]),
  yarn: new Set(["dlx", "exec", "run", "create"]),
  bun: new Set(["x", "run", "create"]),
  uv: new Set(["run", "tool"]),
  pipx: new Set(["run"]),
  poetry: new Set(["run"]),
  go: new Set(["run"]),
  perf: new Set(["stat", "trace", "record"])
}
/** Options of git that set configuration (aliases, pagers, hooks run as code): `git -c alias.x={{v}}`. */
const GIT_CONFIG_OPTIONS = new Set(["-c", "--config-env"])
/** Options of git that take a path or name as their next argument, not code. */
const GIT_VALUE_OPTIONS = new Set(["-C", "--git-dir", "--work-tree", "--namespace"])
/** Options of tar whose value is a command it runs: `tar --checkpoint-action=exec={{v}}`. */
const TAR_COMMAND_OPTIONS = ["--checkpoint-action", "--to-command", "--use-compress-program", "-I", "--rsh-command", "--info-script", "-F", "--new-volume-script", "--rmt-command"]

/**
 * Programs that run the value of one of these options as code or as a command, wherever the option stands
 * (a new-user pass ran each with a declared free-text value): expect's Tcl, gdb's commands (`shell …`), R's
 * and Julia's expressions, psql's and mysql's SQL (`\\!` and `system` run a shell), rsync's remote shell.
 */
const CODE_OPTIONS: Record<string, ReadonlyArray<string>> = {
  expect: ["-c"],
  gdb: ["-ex", "--ex", "-eval-command", "--eval-command", "-iex", "--iex", "-init-eval-command", "--init-eval-command"],
  r: ["-e"],
  julia: ["-e", "--eval", "-E", "--print"],
  psql: ["-c", "--command"],
  mysql: ["-e", "--execute"],
  mariadb: ["-e", "--execute"],
  rsync: ["-e", "--rsh"]
}

/**
 * Programs that run a program given among their arguments in a container or on a pod (`docker run img sh -c
 * {{v}}`, `kubectl exec pod -- sh -c {{v}}`): every literal argument after the subcommand may be that program,
 * and is judged as one.
 */
const RUNS_PROGRAM_AFTER: Record<string, ReadonlySet<string>> = {
  docker: new Set(["run", "exec", "create"]),
  podman: new Set(["run", "exec", "create"]),
  nerdctl: new Set(["run", "exec", "create"]),
  kubectl: new Set(["exec", "run", "debug"]),
  oc: new Set(["exec", "run", "debug", "rsh"])
}

/** Programs that run a shell command given after `-c`/`--command`, wherever it stands (`su user -c …`, `flock FILE -c …`). */
const COMMAND_OPTION_ANYWHERE = new Set(["su", "runuser", "script", "flock"])

// After a literal `--` (sh takes it as $0): the form SKL516 accepts, so following the advice lints clean.
/** How to pass a value by environment without it being code. */
const CODE_VARIABLE_FIX = "pass it in a variable of a plain name instead: env TOOL_VALUE={{value}} …"

const SAFE_FIX = "pass the value as a separate argument after literal code instead (sh -c 'echo \"$1\"' -- {{value}})"

export interface InterpreterHazard {
  readonly variable: string
  readonly message: string
}

/**
 * Every placeholder of `command` that a program would run as code, choose
 * the program with, or read as an interpreter's option or script.
 */
export const interpreterHazards = (command: CommandTemplate): ReadonlyArray<InterpreterHazard> => {
  const argv: ReadonlyArray<Arg> = [{ literal: command.program, variables: [] }, ...command.args.map(toArg)]
  const out: Array<InterpreterHazard> = []
  const flag = (arg: Arg | undefined, why: string) => {
    for (const v of arg?.variables ?? []) out.push({ variable: v, message: `'{{${v}}}' ${why}` })
  }
  const flagFrom = (from: number, why: string) => {
    for (let i = from; i < argv.length; i++) flag(argv[i], why)
  }

  /** The program at `at` and what it runs. */
  const scan = (at: number, depth: number): void => {
    const program = argv[at]
    if (program === undefined || depth > 8) return
    if (program.literal === undefined) {
      flag(program, "would choose the program a wrapper runs")
      return
    }
    const name = baseName(program.literal)
    // `busybox sh -c …`: the applet is the program.
    // `busybox -- {{v}}`: the word after `--` is the applet still (a probe's value chose it).
    // toybox picks its command the same way (`toybox sh -c …`).
    if (name === "busybox" || name === "toybox") return scan(argv[at + 1]?.literal === "--" ? at + 2 : at + 1, depth + 1)
    if (COMMAND_OPTION_ANYWHERE.has(name)) {
      for (let i = at + 1; i < argv.length; i++) {
        const a = argv[i]!.literal
        if (a === "-c" || a === "--command") {
          flag(argv[i + 1], `is the shell command ${name} ${a} runs: a value would run as code; ${SAFE_FIX}`)
          return
        }
        if (a?.startsWith("--command=")) return
      }
      if (name !== "flock") return
    }
    const anyArgument = RUNS_ANY_ARGUMENT[name]
    if (anyArgument !== undefined) return flagFrom(at + 1, `${anyArgument}; a value there can run as code`)
    const subcommands = RUNS_ANY_ARGUMENT_AFTER[name]
    if (subcommands !== undefined) {
      for (let i = at + 1; i < argv.length; i++) {
        const a = argv[i]!.literal
        if (a !== undefined && subcommands.has(a)) return flagFrom(i + 1, `is an argument of ${name} ${a}, which chooses and runs a package or script; a value there can run as code`)
      }
      // `bun -e {{v}}`: without such a subcommand bun is still an interpreter (it returned here unjudged).
      if (INTERPRETERS[name] === undefined) return
    }
    const codeOptions = CODE_OPTIONS[name]
    if (codeOptions !== undefined) {
      for (let i = at + 1; i < argv.length; i++) {
        const a = argv[i]!
        const head = command.args[i - 1]![0]
        const text = head !== undefined && head._tag === "Literal" ? head.text : ""
        if (a.literal !== undefined && codeOptions.includes(a.literal)) flag(argv[i + 1], `is code or a command ${name} ${a.literal} runs: a value would run as code; ${SAFE_FIX}`)
        else if (a.literal === undefined && codeOptions.some((o) => text.startsWith(`${o}=`))) flag(a, `is code or a command ${name} runs: a value would run as code; ${SAFE_FIX}`)
      }
      return
    }
    const runsProgram = RUNS_PROGRAM_AFTER[name]
    if (runsProgram !== undefined) {
      const sub = argv.findIndex((a, i) => i > at && a.literal !== undefined && runsProgram.has(a.literal))
      if (sub < 0) return
      for (let i = sub + 1; i < argv.length; i++) {
        const a = argv[i]!.literal
        if (a === undefined || a.startsWith("-")) continue
        const program = baseName(a)
        if (INTERPRETERS[program] !== undefined || WRAPPERS[program] !== undefined || CODE_OPTIONS[program] !== undefined || COMMAND_OPTION_ANYWHERE.has(program)) scan(i, depth + 1)
      }
      return
    }
    if (name === "git") return git(at)
    if (name === "tar" || name === "gtar" || name === "bsdtar") return tar(at, name)
    const wrapperOptions = WRAPPERS[name]
    if (wrapperOptions !== undefined) return wrapper(at, name, wrapperOptions, depth)
    if (name === "find") return find(at, depth)
    const kind = INTERPRETERS[name]
    if (kind !== undefined) interpreter(at, name, kind)
  }

  const wrapper = (at: number, name: string, takesValue: ReadonlySet<string>, depth: number) => {
    let operands = LEADING_OPERANDS[name] ?? 0
    for (let i = at + 1; i < argv.length; i++) {
      const a = argv[i]!
      if (a.literal === undefined) {
        // `env NAME={{v}}`: a value in an assignment stays a value, unless the variable's value is run as code.
        const variable = name === "env" ? assignmentOf(command.args[i - 1]!) : undefined
        if (variable !== undefined) {
          if (runsAsCode(variable)) flag(a, `is the value of ${variable}, which is run or loaded as code (${CODE_VARIABLE_FIX})`)
          continue
        }
        flag(a, `would become an option of ${name} or the program it runs`)
        return
      }
      if (a.literal === "--") return scan(i + 1, depth + 1)
      if (name === "env" && assignedName(a.literal) !== undefined) continue
      if (name === "env" && (a.literal === "-S" || a.literal.startsWith("--split-string"))) {
        // `env -S "sh -c …"` splits a string into a command line: any placeholder in it is code.
        flagFrom(i + 1, `is part of the command line env -S splits and runs; ${SAFE_FIX}`)
        return
      }
      if (a.literal.startsWith("-") && a.literal !== "-") {
        if (takesValue.has(a.literal)) {
          const value = argv[i + 1]
          if (value !== undefined && value.literal === undefined) {
            flag(value, `is the value of ${name}'s ${a.literal} option`)
            return
          }
          i++
        }
        continue
      }
      if (operands > 0) {
        operands--
        continue
      }
      return scan(i, depth + 1)
    }
  }

  const git = (at: number) => {
    for (let i = at + 1; i < argv.length; i++) {
      const a = argv[i]!
      if (a.literal === undefined) {
        // `git {{v}}`: the value chooses the subcommand (an alias can be `!cmd`), or is an option before it.
        return flag(a, "would choose git's subcommand or one of its options (-c sets aliases and hooks that run as code)")
      }
      if (GIT_CONFIG_OPTIONS.has(a.literal)) {
        flag(argv[i + 1], `is configuration set by git ${a.literal} (an alias '!cmd', core.pager or core.sshCommand run as code); ${SAFE_FIX}`)
        i++
        continue
      }
      // `git -C {{dir}} log`: a directory, judged by SKL516 like any value.
      if (GIT_VALUE_OPTIONS.has(a.literal)) {
        i++
        continue
      }
      if (a.literal.startsWith("-")) continue
      return // the subcommand: its arguments are judged by SKL516
    }
  }

  const tar = (at: number, name: string) => {
    for (let i = at + 1; i < argv.length; i++) {
      const t = command.args[i - 1]!
      const a = argv[i]!
      const head = t[0]
      const text = head !== undefined && head._tag === "Literal" ? head.text : ""
      const option = TAR_COMMAND_OPTIONS.find((o) => text === o || text.startsWith(`${o}=`) || (o.length === 2 && text.startsWith(o)))
      if (option === undefined) continue
      if (a.literal === undefined) flag(a, `is part of the command ${name} ${option} runs; a value there runs as code`)
      else if (a.literal === option) flag(argv[i + 1], `is the command ${name} ${option} runs; a value there runs as code`)
    }
  }

  const find = (at: number, depth: number) => {
    for (let i = at + 1; i < argv.length; i++) {
      const a = argv[i]!.literal
      if (a === "-exec" || a === "-execdir" || a === "-ok" || a === "-okdir") scan(i + 1, depth + 1)
    }
  }

  const interpreter = (at: number, name: string, kind: Kind) => {
    const code = (i: number, how: string) => flag(argv[i], `is ${name} code (${how}): a value would run as code; ${SAFE_FIX}`)
    /**
     * `sh -c [options] [--] string`: the command string is the first operand after `-c`, past any options
     * and a `--` (`sh -c -- {{v}}` and `sh -c -e {{v}}` ran the value as code while lint judged the `--`).
     * A placeholder among those options is refused too: it could be the string.
     */
    const shellCommandString = (c: number, how: string) => {
      for (let j = c + 1; j < argv.length; j++) {
        const a = argv[j]!
        if (a.literal === undefined) return code(j, how)
        if (a.literal === "--") return code(j + 1, `${how} --`)
        if (a.literal.startsWith("-") || a.literal.startsWith("+")) {
          if (takesArgument(kind, a.literal)) j++
          continue
        }
        return // a literal command string; what follows are its $0, $1, …
      }
    }
    const option = (a: Arg) => flag(a, `would be read as an option of ${name} (a value such as '-c' would turn the next argument into code)`)
    const script = (a: Arg) => flag(a, `would choose the script ${name} runs`)
    switch (kind) {
      case "joined":
        // `watch`, `eval`: every argument is joined into one shell command.
        return flagFrom(at + 1, `is part of the command ${name} runs through a shell; ${SAFE_FIX}`)
      case "cmd":
        for (let i = at + 1; i < argv.length; i++) {
          const a = argv[i]!
          if (a.literal === undefined) return option(a)
          if (/^\/[ck]$/i.test(a.literal)) return flagFrom(i + 1, `is part of the command line cmd /c runs; ${SAFE_FIX}`)
        }
        return
      case "powershell":
        for (let i = at + 1; i < argv.length; i++) {
          const a = argv[i]!
          if (a.literal === undefined) return option(a)
          if (/^-(c|command|e|ec|encodedcommand)$/i.test(a.literal)) return flagFrom(i + 1, `is part of the command ${name} ${a.literal} runs; ${SAFE_FIX}`)
          if (/^-(f|file)$/i.test(a.literal)) {
            const file = argv[i + 1]
            if (file !== undefined && file.literal === undefined) script(file)
            return
          }
          if (!a.literal.startsWith("-")) return
        }
        return
      case "ssh":
        // The remote command is joined and run by the remote shell; options and the destination decide the rest.
        for (let i = at + 1; i < argv.length; i++) {
          const a = argv[i]!
          if (a.literal === undefined) return option(a)
          if (/^-[BbcDEeFIiJLlmOoPpQRSWw]$/.test(a.literal)) {
            i++
            if (argv[i] !== undefined && argv[i]!.literal === undefined) return option(argv[i]!)
            continue
          }
          if (a.literal.startsWith("-")) continue
          return flagFrom(i + 1, `is part of the command ssh runs on the remote host; ${SAFE_FIX}`)
        }
        return
      case "awk":
      case "sed": {
        const programFlags = kind === "awk" ? ["-e", "--source"] : ["-e", "--expression"]
        const fileFlags = kind === "awk" ? ["-f", "--file"] : ["-f", "--file"]
        const valueFlags = kind === "awk" ? ["-F", "--field-separator", "-v", "--assign"] : ["-l", "--line-length", "-s"]
        let fromFile = false
        for (let i = at + 1; i < argv.length; i++) {
          const a = argv[i]!
          if (a.literal === undefined) {
            if (fromFile) return
            // awk and sed run their first operand as their program.
            return code(i, "its program text")
          }
          if (programFlags.includes(a.literal)) {
            code(i + 1, a.literal)
            fromFile = true
            i++
            continue
          }
          if (programFlags.some((f) => a.literal!.startsWith(`${f}=`))) continue
          if (fileFlags.includes(a.literal)) {
            const file = argv[i + 1]
            if (file !== undefined && file.literal === undefined) script(file)
            fromFile = true
            i++
            continue
          }
          if (valueFlags.includes(a.literal)) {
            i++ // `-v name={{v}}` assigns a value
            continue
          }
          if (a.literal.startsWith("-") && a.literal !== "-") continue
          return // the literal program text; what follows are input files
        }
        return
      }
      default: {
        // Options first; a code option makes the next argument code; else the first operand is the script.
        for (let i = at + 1; i < argv.length; i++) {
          const a = argv[i]!
          if (a.literal === undefined) return kind === "shell" && i > at + 1 && argv[i - 1]!.literal === "--" ? script(a) : option(a)
          const codeFlag = codeOption(kind, a.literal)
          if (codeFlag === "next" && kind === "shell") return shellCommandString(i, a.literal)
          if (codeFlag === "next") return code(i + 1, a.literal)
          if (codeFlag === "attached") return
          if (kind === "deno" && a.literal === "eval") return code(argv[i + 1]?.literal === "--" ? i + 2 : i + 1, "deno eval")
          // `deno run|test|bench|serve [options] <script>`: the subcommand is no script; what follows it is read
          // as deno's own options then the script (`deno run -- {{v}}` ran the value as a module).
          if (kind === "deno" && i === at + 1 && DENO_RUNNERS.has(a.literal)) continue
          if (a.literal === "--") {
            const next = argv[i + 1]
            if (next !== undefined && next.literal === undefined) script(next)
            return
          }
          if (a.literal.startsWith("-") || (kind === "shell" && a.literal.startsWith("+"))) {
            if (takesArgument(kind, a.literal)) {
              i++
              const value = argv[i]
              if (value !== undefined && value.literal === undefined) return option(value)
            }
            continue
          }
          return // the script; what follows are its arguments
        }
      }
    }
  }

  scan(0, 0)
  return out
}

/** deno's subcommands that run the script named after their options. */
const DENO_RUNNERS: ReadonlySet<string> = new Set(["run", "test", "bench", "serve"])

/**
 * Whether a literal option makes the next argument code (`next`), holds the
 * code itself (`attached`, e.g. `--eval=…` or perl's `-e'…'`, already
 * literal), or neither.
 */
const codeOption = (kind: Kind, option: string): "next" | "attached" | undefined => {
  switch (kind) {
    case "shell":
      // `-c`, or a cluster holding it (`-ec`, `-lc`); `su`/`runuser`/`script`/`flock` spell it `--command` too.
      return /^-[a-zA-Z]*c[a-zA-Z]*$/.test(option) || option === "--command" ? "next" : option.startsWith("--command=") ? "attached" : undefined
    case "python":
      if (/^-[a-zA-Z]*[cm]$/.test(option)) return "next"
      return /^-[a-zA-Z]*[cm]./.test(option) ? "attached" : undefined
    case "node":
      if (["-e", "--eval", "-p", "--print", "-r", "--require", "--import", "--loader", "--experimental-loader"].includes(option)) return "next"
      return /^--(eval|print|require|import|loader)=/.test(option) ? "attached" : undefined
    case "deno":
      return option === "--eval" ? "next" : undefined
    case "php":
      if (["-r", "-R", "-B", "-E", "-F"].includes(option)) return "next"
      return /^-[rRBEF]./.test(option) ? "attached" : undefined
    case "eval-e":
      // perl -e/-E and their clusters (-ne, -pe, -lane), ruby -e, lua -e, Rscript -e, osascript -e.
      if (/^-[a-zA-Z]*[eE]$/.test(option) || option === "--eval") return "next"
      return /^-[a-zA-Z]*[eE]./.test(option) ? "attached" : undefined
    default:
      return undefined
  }
}

/** Options of an interpreter that take the next argument as their value (`bash -o pipefail`, `python -W error`). */
const takesArgument = (kind: Kind, option: string): boolean => {
  switch (kind) {
    case "shell":
      return ["-o", "+o", "-O", "+O", "--rcfile", "--init-file"].includes(option)
    case "python":
      return ["-W", "-X", "--check-hash-based-pycs"].includes(option)
    case "node":
      return ["-C", "--conditions", "--input-type", "--title"].includes(option)
    case "php":
      // `php -d x=1 -r {{v}}`: an ini setting, then the code option (it read `x=1` as the script and stopped).
      return ["-d", "-c", "-z", "-t"].includes(option)
    default:
      return false
  }
}
