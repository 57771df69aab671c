/**
 * Every lint rule, in documentation order. Registering a rule is one line
 * here; the runner, the outputs and `docs/rules.md` read this list and know
 * nothing about individual rules.
 */
import type { Rule } from "./types.js"
import { skl001 } from "./rules/skl001-skip-compiled.js"
import { skl100 } from "./rules/skl100-frontmatter-valid.js"
import { skl101 } from "./rules/skl101-name-required.js"
import { skl102 } from "./rules/skl102-name-format.js"
import { skl103 } from "./rules/skl103-name-length.js"
import { skl104 } from "./rules/skl104-name-match-dir.js"
import { skl105 } from "./rules/skl105-description-required.js"
import { skl106 } from "./rules/skl106-description-nonempty.js"
import { skl107 } from "./rules/skl107-description-length.js"
import { skl108 } from "./rules/skl108-description-triggers.js"
import { skl109 } from "./rules/skl109-frontmatter-known.js"
import { skl110 } from "./rules/skl110-name-portable.js"
import { skl111 } from "./rules/skl111-compatibility-length.js"
import { skl112 } from "./rules/skl112-metadata-strings.js"
import { skl113 } from "./rules/skl113-name-nfkc.js"
import { skl114 } from "./rules/skl114-allowed-tools-format.js"
import { skl115 } from "./rules/skl115-field-value.js"
import { skl116 } from "./rules/skl116-field-combination.js"
import { skl117 } from "./rules/skl117-arguments-undeclared.js"
import { skl118 } from "./rules/skl118-frontmatter-strict-yaml.js"
import { skl201 } from "./rules/skl201-skill-size.js"
import { skl202 } from "./rules/skl202-heading-h1.js"
import { skl203 } from "./rules/skl203-heading-match-name.js"
import { skl204 } from "./rules/skl204-heading-first-h1.js"
import { skl205 } from "./rules/skl205-heading-hierarchy.js"
import { skl206 } from "./rules/skl206-code-block-language.js"
import { skl207 } from "./rules/skl207-utf8-text.js"
import { skl301 } from "./rules/skl301-link-file-exists.js"
import { skl302 } from "./rules/skl302-link-anchor-exists.js"
import { skl303 } from "./rules/skl303-link-no-escape.js"
import { skl304 } from "./rules/skl304-skill-dir-file-exists.js"
import { skl401 } from "./rules/skl401-no-orphans.js"
import { skl402 } from "./rules/skl402-mention-case.js"
import { toolSkillRules } from "./rules/tool-skill.js"
import { protocolRules } from "./rules/protocol.js"
import { evalRules } from "./rules/eval.js"

export const RULES: ReadonlyArray<Rule> = [
  skl001,
  skl100,
  skl101,
  skl102,
  skl103,
  skl104,
  skl105,
  skl106,
  skl107,
  skl108,
  skl109,
  skl110,
  skl111,
  skl112,
  skl113,
  skl114,
  skl115,
  skl116,
  skl117,
  skl118,
  skl201,
  skl202,
  skl203,
  skl204,
  skl205,
  skl206,
  skl207,
  skl301,
  skl302,
  skl303,
  skl304,
  skl401,
  skl402,
  ...toolSkillRules,
  ...protocolRules,
  ...evalRules
]

export const ruleById = (id: string): Rule | undefined => RULES.find((r) => r.id === id)
