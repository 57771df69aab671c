/**
 * Which environment variables hold data (tool skills: `env NAME={{v}} prog`).
 *
 * A leading `NAME=value` assignment of `env` was taken as data whatever the
 * name. It is not: programs, the shell and the dynamic loader read some
 * variables as code, as the program to run, as options or as a place to
 * load code from. A tool-skill probe ran its own code through
 * `env GIT_SSH_COMMAND={{v}} git ls-remote …` and `env NODE_OPTIONS={{v}}
 * node app.js`, both lint-clean and approved.
 *
 * Two lists:
 * - `runsAsCode`: the value itself is run or loaded as code (`LD_PRELOAD`,
 *   `NODE_OPTIONS`, `BASH_ENV`, `GIT_SSH_COMMAND`, `PS4` …). A free-text
 *   value there is SKL515's (an error no declaration lifts), as `sh -c
 *   {{v}}` is.
 * - `notPlainData`: every name a program may read as a program, options, a
 *   path it loads code or configuration from, or a setting of a toolchain
 *   (prefixes such as `GIT_`, `PYTHON`, `NPM_CONFIG_`; suffixes such as
 *   `_OPTIONS`, `FLAGS`, `_COMMAND`, `_HOME`; `PATH`, `HOME`, `SHELL` …).
 *   A free-text value there is no known data position (SKL516): the author
 *   names the variable plainly (`QUERY`, `TOOL_VALUE`), constrains the
 *   value, or declares it in `free_text_anywhere`.
 * Like every such list, neither is complete; the second is broad on purpose
 * (a plain name costs an author nothing), and it decides only whether a
 * position is known to hold data: a name missing from it is not let through
 * anywhere else.
 */
import type { ArgTemplate } from "./model.js"

/** Variables whose value is run or loaded as code by the shell, the loader or a runtime. */
const CODE_EXACT: ReadonlySet<string> = new Set([
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "PS1",
  "PS2",
  "PS3",
  "PS4",
  "SHELLOPTS",
  "BASHOPTS",
  "IFS",
  "LD_PRELOAD",
  "LD_AUDIT",
  "LD_LIBRARY_PATH",
  "GLIBC_TUNABLES",
  "GCONV_PATH",
  "NODE_OPTIONS",
  "PYTHONSTARTUP",
  "PYTHONWARNINGS",
  "PYTHONPATH",
  "PYTHONHOME",
  "PERL5OPT",
  "PERL5DB",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "LUA_INIT",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_PAGER",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_ASKPASS",
  "GIT_EXTERNAL_DIFF",
  "GIT_PROXY_COMMAND",
  "GIT_EXEC_PATH",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_DIR",
  "GIT_TEMPLATE_DIR",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "BROWSER",
  "LESSOPEN",
  "LESSCLOSE",
  "PATH",
  "FPATH",
  "ZDOTDIR",
  "MAKEFLAGS",
  "MFLAGS",
  "PHPRC",
  "PHP_INI_SCAN_DIR",
  "VIMINIT",
  "EXINIT",
  "MYVIMRC"
])

/** Name patterns of code: the loaders' families and a git configuration entry given by number. */
const CODE_PATTERN = /^(?:LD_|DYLD_|GIT_CONFIG_(?:KEY|VALUE|COUNT))/

/** Names a program may read as a program, options, a path to code or configuration, or a toolchain setting. */
const NOT_PLAIN_EXACT: ReadonlySet<string> = new Set([
  "HOME",
  "SHELL",
  "CC",
  "CXX",
  "CPP",
  "LD",
  "AR",
  "AS",
  "NM",
  "CDPATH",
  "MANPATH",
  "CLASSPATH",
  "LOCPATH",
  "NLSPATH",
  "INFOPATH",
  "PKG_CONFIG_PATH",
  "TERMINFO",
  "TERMCAP",
  "HOSTALIASES",
  "LOCALDOMAIN",
  "RES_OPTIONS",
  "TMPDIR",
  "KUBECONFIG",
  "INPUTRC",
  "WGETRC",
  "SCREENRC",
  "GNUPGHOME",
  "GOROOT",
  "GOTOOLCHAIN",
  "GOPROXY",
  "GOBIN",
  "GOENV",
  "GOPATH"
])

const NOT_PLAIN_PREFIX =
  /^(?:GIT_|PYTHON|PERL|RUBY|NODE_|NPM_|YARN_|PNPM_|BUN_|DENO_|JAVA_|_JAVA_|JDK_|MAVEN_|GRADLE_|BASH_|ZSH|GCONV|GLIBC_|MALLOC_|LESS|XDG_|SSH_|SUDO_|CARGO_|RUST|PIP_|UV_|POETRY_|CONDA|PHP|LUA_|TCL|GEM_|BUNDLE_|COMPOSER_|DOTNET_|VIRTUAL_ENV)/
const NOT_PLAIN_SUFFIX = /(?:_OPTIONS|_OPTS|OPT|FLAGS|_COMMAND|_CMD|PAGER|EDITOR|ASKPASS|_HOME|_LIB|LIB|_SHELL|_ENV|_CONFIG|_RC|_PROGRAM|_PROG|_EXEC|_HOOK|_HOOKS|_PLUGIN|_PLUGINS|_WRAPPER|_PRELOAD|_INIT)$/

/** The value of this variable is run or loaded as code (SKL515). Names compare without case (npm reads `npm_config_*`). */
export const runsAsCode = (name: string): boolean => {
  const upper = name.toUpperCase()
  return CODE_EXACT.has(upper) || CODE_PATTERN.test(upper)
}

/** The value of this variable may be read as more than data: a program, options, code or where code is loaded from (SKL516). */
export const notPlainData = (name: string): boolean => {
  const upper = name.toUpperCase()
  return runsAsCode(upper) || NOT_PLAIN_EXACT.has(upper) || NOT_PLAIN_PREFIX.test(upper) || NOT_PLAIN_SUFFIX.test(upper)
}

/** `NAME` of an argument `NAME=…`, else undefined. */
export const assignedName = (text: string): string | undefined => /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(text)?.[1]

/** `NAME` of a template argument that starts with a literal `NAME=` (`NAME={{v}}`), else undefined. */
export const assignmentOf = (t: ArgTemplate): string | undefined => {
  const first = t[0]
  return first !== undefined && first._tag === "Literal" ? assignedName(first.text) : undefined
}
