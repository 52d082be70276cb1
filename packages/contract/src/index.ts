export { ExchangeValidator, type ValidatorOptions } from './exchange-validator.js';
export { type Exchange, type ExchangeSource, type Headers } from './exchange.js';
export { readExchanges, InputError, type InputFormat, type ReadOptions, type RecordedExchange } from './read-exchanges.js';
export { validateRecording, exitCodeOf, type ValidationSummary, type ValidateRecordingOptions } from './validate-recording.js';
export { type ExchangeReport, type Violation, type ViolationKind } from './violations.js';
export { formatText, formatExchangeText, formatSummaryText } from './reports/text.js';
export { formatJson } from './reports/json.js';
export { formatJunit } from './reports/junit.js';
export {
  startValidatingProxy,
  formatProxySummary,
  formatProxyOutcome,
  proxyExitCode,
  type ValidatingProxy,
  type ValidatingProxyOptions,
  type ProxySummary,
  type ProxyOutcome,
} from './validating-proxy.js';
export { HarWriter } from './har-writer.js';
export {
  checkBreaking,
  formatBreakingText,
  BaselineError,
  SpecInputError,
  LAST_RELEASE,
  type BreakingChange,
  type BreakingOptions,
  type BreakingResult,
} from './breaking.js';
export { StaleBundleError } from './bundle-freshness.js';
export { OASDIFF_VERSION, findOasdiff, OasdiffError, ToolMissingError, type OasdiffChange } from './oasdiff.js';
export { type VersionMove } from './versioning.js';
export { loadSpec, bundledSpecPath, type OpenApiDocument } from './spec-document.js';
