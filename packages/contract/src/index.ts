export {
  BaselineError,
  type BreakingChange,
  type BreakingOptions,
  type BreakingResult,
  checkBreaking,
  type Finding,
  formatBreakingText,
  LAST_RELEASE,
  type Rating,
  SpecInputError,
} from './breaking.js';
export { StaleBundleError } from './bundle-freshness.js';
export { CoverageCollector, type CoverageReport, formatCoverageText } from './coverage.js';
export type { Exchange, ExchangeSource, Headers } from './exchange.js';
export { ExchangeValidator, type ValidatorOptions } from './exchange-validator.js';
export { HarWriter } from './har-writer.js';
export { findOasdiff, OASDIFF_VERSION, type OasdiffChange, OasdiffError, ToolMissingError } from './oasdiff.js';
export {
  InputError,
  type InputFormat,
  type ReadOptions,
  type RecordedExchange,
  readExchanges,
} from './read-exchanges.js';
export { formatJson } from './reports/json.js';
export { formatJunit } from './reports/junit.js';
export { formatSarif } from './reports/sarif.js';
export { formatExchangeText, formatSummaryText, formatText } from './reports/text.js';
export { bundledSpecPath, loadSpec, type OpenApiDocument } from './spec-document.js';
export {
  exitCodeOf,
  type ValidateRecordingOptions,
  type ValidationSummary,
  validateRecording,
} from './validate-recording.js';
export {
  formatProxyOutcome,
  formatProxySummary,
  type ProxyOutcome,
  type ProxySummary,
  proxyExitCode,
  startValidatingProxy,
  type ValidatingProxy,
  type ValidatingProxyOptions,
} from './validating-proxy.js';
export type { VersionMove } from './versioning.js';
export type { ExchangeReport, Violation, ViolationKind } from './violations.js';
