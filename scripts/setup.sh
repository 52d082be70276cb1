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

install_curl() {
  # The docs tests run every curl code sample of the spec against the Prism mock.
  if ! command -v curl >/dev/null; then
    say "curl (Debian package)"
    apt_install curl
  fi
}

install_oasdiff() {
  # packages/contract's breaking-change check runs oasdiff, a Go binary built from the Go module
  # proxy (no npm package ships it without downloading from elsewhere). v1.34+ needs a module the
  # proxy does not serve. The CLI finds it on PATH or in $(go env GOPATH)/bin.
  local version=v1.33.0 go_bin
  go_bin=$(command -v go || echo /usr/local/go/bin/go)
  if [ ! -x "$go_bin" ]; then
    echo "setup: oasdiff needs Go 1.26 or newer (none found on PATH or in /usr/local/go): install Go, then rerun" >&2
    return 1
  fi
  local bin_dir
  bin_dir=$("$go_bin" env GOBIN)
  [ -n "$bin_dir" ] || bin_dir="$("$go_bin" env GOPATH)/bin"
  if [ "$("$go_bin" version -m "$bin_dir/oasdiff" 2>/dev/null | awk '$1 == "mod" { print $3 }')" != "$version" ]; then
    say "oasdiff $version (go install)"
    # Go older than the module's minimum fetches the 1.26 toolchain itself (a module of the Go proxy).
    GOTOOLCHAIN="${GOTOOLCHAIN:-go1.26.8+auto}" "$go_bin" install "github.com/oasdiff/oasdiff@$version"
  fi
}

install_workspace() {
  say "workspace packages"
  pnpm install --frozen-lockfile
}

install_pnpm
install_chromium
install_curl
install_oasdiff
install_workspace
