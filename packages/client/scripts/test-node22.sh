#!/usr/bin/env bash
# The client's tests under Node 22, the maintained LTS line beside the project's Node 24 (engines:
# >=22.11). Node 22 is the official binary of the npm registry's `node` package at the version
# below, installed into packages/client/.node22 (ignored by git), never over the Node on PATH.
# The client must be built first (`pnpm build`): the tests import its dist through its exports.
set -euo pipefail
cd "$(dirname "$0")/.."
NODE22_VERSION=22.23.3
prefix="$PWD/.node22"
if [ "$("$prefix/bin/node" --version 2>/dev/null)" != "v$NODE22_VERSION" ]; then
  echo "==> Node $NODE22_VERSION (npm registry, into $prefix)"
  npm install --global --silent --prefix "$prefix" "node@$NODE22_VERSION"
fi
export PATH="$prefix/bin:$PATH"
# Fail closed: a run under any other Node is not the check this script makes.
[ "$(node --version)" = "v$NODE22_VERSION" ] || { echo "test-node22: node on PATH is $(node --version), not v$NODE22_VERSION" >&2; exit 1; }
# vitest as the workspace installed it (a root devDependency), started by Node 22.
vitest=$(node -p "require('node:path').join(require('node:path').dirname(require.resolve('vitest/package.json')), 'vitest.mjs')")
exec node "$vitest" run "$@"
