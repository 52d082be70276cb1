// `node scripts/peers.mjs [tool...]`: generates and compiles the peer generators' clients (every
// tool, or those named) as test/e2e/peer-generators.test.ts does, printing each one's time.
import { performance } from 'node:perf_hooks';
import { PEERS, preparePeer } from './lib/peers.mjs';

const tools = process.argv.slice(2);
try {
  for (const tool of tools.length > 0 ? tools : Object.keys(PEERS)) {
    const start = performance.now();
    await preparePeer(tool);
    console.log(`peer ${tool.padEnd(22)} ${((performance.now() - start) / 1000).toFixed(2)} s`);
  }
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
