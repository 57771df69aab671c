// Issue 29 item 2 (high), lint SKL515: a placeholder that an interpreter
// would run as code is refused; the same value as a separate argument is not.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { interpreterHazards } from "../../../src/domain/tools/interpreters.js"
import { parseCommandTemplate } from "../../../src/domain/tools/template.js"

const hazards = (line: string) => {
  const t = parseCommandTemplate(line, 1)
  if (Result.isFailure(t)) throw new Error(`${line}: ${t.failure.message}`)
  return interpreterHazards(t.success).map((h) => h.variable)
}

describe("SKL515: placeholders run as code", () => {
  it.each([
    // the attack run's forms
    'sh -c "echo {{v}}"',
    "bash -c {{v}}",
    'python3 -c "print({{v}})"',
    'node -e "{{v}}"',
    "env sh -c {{v}}",
    "xargs sh -c {{v}}",
    // clusters, paths, versions, wrappers, find
    "bash -ec 'echo {{v}}'",
    "/bin/bash -lc {{v}}",
    "python3.12 -c {{v}}",
    "/usr/bin/env FOO=1 bash -c {{v}}",
    "env -i PATH=/bin sh -c {{v}}",
    "timeout 10 sh -c {{v}}",
    "nice -n 5 sh -c {{v}}",
    "sudo -u root sh -c {{v}}",
    "xargs -I {} -n 1 sh -c {{v}}",
    "find . -name x -exec sh -c {{v}} \\;",
    "busybox sh -c {{v}}",
    // a tool-skill probe: other shells that take -c (rbash ships with Debian's bash), and toybox's applet
    "rbash -c -- {{v}}",
    "rbash -c {{v}}",
    "rbash -- {{v}}",
    "env rbash -c -- {{v}}",
    "/bin/rbash -c {{v}}",
    "tcsh -c {{v}}",
    "csh -c {{v}}",
    "yash -c {{v}}",
    "ksh93 -c {{v}}",
    "mksh -c {{v}}",
    "posh -c {{v}}",
    "toybox sh -c -- {{v}}",
    "env -S 'sh -c {{v}}'",
    // other interpreters
    "node --eval {{v}}",
    "node -p {{v}}",
    "deno eval {{v}}",
    "perl -e {{v}}",
    "perl -ne {{v}} file.txt",
    "ruby -e {{v}}",
    "php -r {{v}}",
    "lua -e {{v}}",
    "Rscript -e {{v}}",
    "osascript -e {{v}}",
    "awk '{{v}}' file",
    "awk -F , {{v}} file",
    "gawk -e {{v}}",
    "sed {{v}} file",
    "sed -e {{v}} file",
    "pwsh -Command {{v}}",
    "powershell -c 'Write-Output {{v}}'",
    "cmd /c echo {{v}}",
    "watch echo {{v}}",
    "ssh host echo {{v}}",
    "su root -c {{v}}",
    "flock /tmp/lock -c {{v}}",
    "python3 -m {{v}}",
    // a value that would be an interpreter's option, script or the wrapped program
    "bash {{a}} {{v}}",
    "python3 {{v}}",
    "env {{v}}",
    "xargs {{v}}",
    "timeout 5 {{v}}",
    "node --require {{v}} app.js",
    // a new-user pass (thirty-second): the command string past -c's options and a --, and programs the table lacked
    "sh -c -- {{v}}",
    "bash -c -- {{v}}",
    "sh -c -e {{v}}",
    "bash -c -o pipefail {{v}}",
    "deno eval -- {{v}}",
    "bun -e {{v}}",
    "php -d x=1 -r {{v}}",
    "expect -c {{v}}",
    "gdb -batch -ex {{v}}",
    "R -e {{v}}",
    "julia -e {{v}}",
    "psql -c {{v}}",
    "mysql --execute={{v}}",
    "rsync -e {{v}} src/ host:dst/",
    "parallel ::: {{v}}",
    "docker run --rm img sh -c {{v}}",
    "kubectl exec pod -- sh -c {{v}}",
    // A tool-skill probe: find reads a value starting with '-' as its expression, after -- too (`-delete`
    // removed the project); the others run the command their arguments give.
    "find {{dir}} -name '*.md'",
    "find -- {{dir}} -name '*.md'",
    "fakeroot -- {{xs}}",
    "bwrap --ro-bind / / -- {{xs}}",
    "sg root {{v}}",
    "make -C dir {{v}}",
    // A tool-skill security probe: each lint clean before, a value run as a command or a script.
    "tmux new-session -d -- {{v}}",
    "screen -dm -- {{v}}",
    "uvx -- {{v}}",
    "uv run -- {{v}}",
    "pipx run -- {{v}}",
    "poetry run -- {{v}}",
    "go run -- {{v}}",
    "tclsh -- {{v}}",
    "busybox -- {{v}}",
    "perf stat -- {{v}}",
    "hyperfine -- {{v}}",
    "entr -- {{v}}",
    "dbus-launch -- {{v}}",
    "mpirun -- {{v}}",
    // A tool-skill probe (sixty-third pass): each ran `id` from a value, lint clean.
    "setarch x86_64 -- {{v}}",
    "linux64 -- {{v}}",
    "start-stop-daemon --start --exec /bin/sh -- {{v}}",
    "numactl --cpunodebind=0 -- {{v}}",
    "rlwrap -- {{v}}",
    "cgexec -g cpu:grp -- {{v}}",
    "xvfb-run -a -- {{v}}",
    "chpst -u nobody -- {{v}}",
    "fakechroot -- {{v}}",
    // deno's runners take the script after their options (a value there is a module run).
    "deno run -- {{v}}",
    "deno run {{v}}",
    "deno run --allow-read {{v}}",
    "deno test {{v}}"
  ])("%s is refused", (line) => {
    expect(hazards(line).length).toBeGreaterThan(0)
  })

  it.each([
    "sh -c 'echo \"$1\"' _ {{v}}",
    "bash -c 'printf \"%s\\n\" \"$@\"' bash {{a}} {{b}}",
    "python3 -c 'import sys; print(sys.argv[1])' {{v}}",
    "node -e 'console.log(process.argv[1])' {{v}}",
    "python3 script.py {{v}}",
    "python3 -u ./tools/x.py --name {{v}}",
    "bash ./scripts/task.sh {{v}}",
    "env NAME={{v}} sh -c 'echo \"$NAME\"'",
    "awk -v n={{v}} '{ print n }' file",
    "sed -e 's/a/b/' {{file}}",
    "timeout 10 ./run.sh {{v}}",
    "git log --grep {{v}}",
    "grep -e {{v}} file",
    "echo {{v}}",
    "xargs -n 1 echo {{v}}",
    "pwsh -File ./x.ps1 {{v}}",
    "sh -c 'echo \"$1\"' -- {{v}}",
    "sh -c -e 'echo \"$1\"' _ {{v}}",
    "docker run --rm img cat {{v}}",
    "kubectl exec pod -- ls {{v}}",
    "bun run build",
    "psql -d app -c 'select 1'",
    "deno run --allow-read ./tools/x.ts {{v}}",
    "deno run -- ./tools/x.ts {{v}}"
  ])("%s is allowed", (line) => {
    expect(hazards(line)).toEqual([])
  })
})
