#!/usr/bin/env node
// The build's last step: Prism's operations of the published bundle into dist/operations.json,
// keyed by the bundle's bytes and Prism's version, so that startMock() skips reading, folding and
// dereferencing the spec (src/operations.ts). A spec of other bytes is read as before.
import { bundledSpecPath } from '@chatplatform/spec';
import { operationsCacheFile, writeOperationsCache } from '../dist/operations.js';

const spec = bundledSpecPath('json');
const count = await writeOperationsCache(spec);
if (count === 0)
  throw new Error(`cache-operations: Prism found no operation in ${spec}; a mock of it would answer nothing.`);
console.log(`cache-operations: ${count} operation(s) of ${spec} into ${operationsCacheFile.pathname}`);
