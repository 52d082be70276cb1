#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine (Debian, Node 20, root), then the
# workspace's npm packages. Idempotent: each step checks before it installs.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=$(node -p "require('./package.json').packageManager.split('@')[1]")

say() { printf '\n==> %s\n' "$*"; }

apt_install() {
  # apt-get update once per run, and only when something is missing.
  if [ -z "${APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

install_pnpm() {
  if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    say "pnpm $PNPM_VERSION"
    npm install --global --silent "pnpm@$PNPM_VERSION"
  fi
}

install_chromium() {
  # The docs tests drive Debian's Chromium through playwright-core (no browser download).
  if ! command -v chromium >/dev/null; then
    say "Chromium (Debian package)"
    apt_install chromium
  fi
}

install_workspace() {
  say "workspace packages"
  pnpm install --frozen-lockfile
}

install_pnpm
install_chromium
install_workspace
