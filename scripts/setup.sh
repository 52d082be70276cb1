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

install_sdk_toolchains() {
  # packages/sdks builds the generated Java client with Maven and the Go client with Go.
  if ! command -v java >/dev/null || ! command -v mvn >/dev/null; then
    say "Java and Maven (Debian packages)"
    apt_install default-jdk-headless maven
  fi
  if ! command -v go >/dev/null && [ ! -x /usr/local/go/bin/go ]; then
    echo "setup: packages/sdks needs Go 1.21 or newer on PATH: install it (https://go.dev/dl), then rerun" >&2
    return 1
  fi
}

install_openapi_generator() {
  # packages/sdks runs the pinned OpenAPI Generator JAR from Maven Central (version in its package.json).
  local version dir=packages/sdks/.tools
  version=$(node -p "require('./packages/sdks/package.json').config.openapiGeneratorVersion")
  if [ ! -f "$dir/openapi-generator-cli-$version.jar" ]; then
    say "OpenAPI Generator $version (mvn dependency:copy)"
    mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
      "-Dartifact=org.openapitools:openapi-generator-cli:$version" "-DoutputDirectory=$dir"
  fi
}

install_sdk_python() {
  # packages/sdks/.venv: schemathesis, pytest and the generated Python client's dependencies, pinned.
  if ! python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    say "Python 3 with venv and pip (Debian packages)"
    apt_install python3 python3-venv python3-pip
  fi
  [ -x packages/sdks/.venv/bin/python ] || python3 -m venv packages/sdks/.venv
  say "Python packages of packages/sdks (pip, pinned)"
  packages/sdks/.venv/bin/python -m pip install --quiet --disable-pip-version-check -r packages/sdks/requirements.txt
}

install_workspace() {
  say "workspace packages"
  pnpm install --frozen-lockfile
}

install_pnpm
install_chromium
install_curl
install_oasdiff
install_sdk_toolchains
install_openapi_generator
install_sdk_python
install_workspace
