// The bundled spec as the tests read it: the smoke fixtures, the expected hosts and the
// onBehalfOf/sessionId examples all come from it instead of values copied into code.
import { readFileSync } from 'node:fs';
import { bundledSpec } from '../../scripts/lib/paths.mjs';

type Json = Record<string, any>;

export function loadBundledSpec(): Json {
  return JSON.parse(readFileSync(bundledSpec.json(), 'utf8'));
}
