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
  proxyExitCode,
  type ValidatingProxy,
  type ValidatingProxyOptions,
  type ProxySummary,
  type UpstreamFailure,
} from './validating-proxy.js';
export { checkBreaking, formatBreakingText, BaselineError, LAST_RELEASE, type BreakingOptions, type BreakingResult } from './breaking.js';
export { OASDIFF_VERSION, findOasdiff, ToolMissingError, type OasdiffChange } from './oasdiff.js';
export { loadSpec, bundledSpecPath, type OpenApiDocument } from './spec-document.js';
