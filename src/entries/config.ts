/**
 * `skillc/config`: configuration files and where skills are found
 * (RFC-0006, RFC-0007:C-RESOLUTION, DECISIONS #38): the config file's
 * schema and parsing, the resolved settings (stores, project root) and
 * name resolution.
 *
 * Its example is in docs/library.md (`skillc/config`), run by
 * test/e2e/library.test.ts.
 */
export {
  SUPPORTED_CONFIG_VERSION,
  TOKENIZERS,
  DEFAULT_MAX_FILE_BYTES,
  TokenizerSchema,
  SeveritySchema,
  TeamDatabaseSchema,
  LintRuleSettingSchema,
  ConfigFileSchema,
  configJsonSchema,
  parseConfigFile,
  resolveConfig,
  parseTokenizerEnv,
  type Tokenizer,
  type LintSetting,
  type ConfigLayer,
  type ResolvedConfig,
  type ConfigProblem,
  type ParsedConfigFile
} from "../domain/config.js"
export { Settings, loadSettings, SettingsLive, type Stores, type SettingsService } from "../app/shared/Settings.js"
export { resolveSkill, type ResolvedSkill, type SkillScope } from "../app/skills/resolve.js"
