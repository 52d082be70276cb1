export {
  type BreakingChange,
  type BreakingOptions,
  type BreakingResult,
  checkBreaking,
  type Finding,
  LAST_RELEASE,
  type Rating,
} from './breaking/gate.js';
export { findOasdiff, OASDIFF_VERSION, type OasdiffChange } from './breaking/oasdiff.js';
export type { VersionMove } from './breaking/versioning.js';
export { CoverageCollector, type CoverageReport } from './check/coverage.js';
export { ExchangeValidator, type ValidatorOptions } from './check/exchange-validator.js';
export {
  exitCodeOf,
  type ValidateRecordingOptions,
  type ValidationSummary,
  validateRecording,
} from './check/validate-recording.js';
export type { ExchangeReport, Violation, ViolationKind } from './check/violations.js';
export {
  BaselineError,
  ContractError,
  InputError,
  OasdiffError,
  SpecInputError,
  StaleBundleError,
  ToolMissingError,
  UsageError,
} from './errors.js';
export { HarWriter } from './proxy/har-writer.js';
export {
  type ProxyOutcome,
  type ProxySummary,
  proxyExitCode,
  startValidatingProxy,
  type ValidatingProxy,
  type ValidatingProxyOptions,
} from './proxy/validating-proxy.js';
export type { Exchange, ExchangeSource, Headers } from './read/exchange.js';
export {
  type InputFormat,
  type ReadOptions,
  type RecordedExchange,
  readExchanges,
} from './read/read-exchanges.js';
export { bundledSpecPath, loadSpec, type OpenApiDocument } from './read/spec-document.js';
export { formatBreakingText } from './reports/breaking.js';
export { formatCoverageText } from './reports/coverage.js';
export { formatJson } from './reports/json.js';
export { formatJunit } from './reports/junit.js';
export { formatProxyOutcome, formatProxySummary } from './reports/proxy.js';
export { formatSarif } from './reports/sarif.js';
export { formatExchangeText, formatSummaryText, formatText } from './reports/text.js';
