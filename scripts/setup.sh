#!/usr/bin/env bash
# Installs everything the project needs on a fresh machine (Debian, as root or a user with sudo),
# then the workspace's npm packages. Idempotent: each step checks before it installs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Node 24 LTS: the official binary from the npm registry's `node` package, under /usr/local so
# that it comes first on PATH. The minimum is package.json's `engines.node`.
NODE_VERSION=24.21.0
NODE_MINIMUM=$(sed -n 's/.*"node": ">=\([0-9.]*\)".*/\1/p' package.json | head -n 1)
PREFIX=/usr/local
export PATH="$PREFIX/bin:$PATH"

say() { printf '\n==> %s\n' "$*"; }

version_at_least() { # version_at_least HAVE WANT
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

install_node() {
  local have
  have=$(node --version 2>/dev/null | tr -d v || true)
  if [ -z "$have" ] || ! version_at_least "$have" "$NODE_MINIMUM"; then
    say "Node $NODE_VERSION (npm registry, into $PREFIX; found ${have:-none}, need >= $NODE_MINIMUM)"
    npm install --global --silent --prefix "$PREFIX" "node@$NODE_VERSION"
    hash -r
  fi
}

# apt-get needs root: as root (.ci/run on a fresh machine) it runs directly, as another user (a
# hosted CI runner, a workstation) through sudo; with neither, setup stops and names the packages.
can_run_as_root() {
  [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null
}

as_root() { # as_root COMMAND [ARG...]
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  else
    sudo "$@"
  fi
}

apt_install() {
  if ! can_run_as_root; then
    echo "setup: installing the Debian packages $* needs root, and user $(id -un 2>/dev/null || id -u) is not root and has no sudo: rerun as root, or install them yourself, then rerun" >&2
    return 1
  fi
  # apt-get update once per run, and only when something is missing.
  if [ -z "${APT_UPDATED:-}" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

install_pnpm() {
  local version
  version=$(node -p "require('./package.json').packageManager.split('@')[1]")
  if [ "$(pnpm --version 2>/dev/null)" != "$version" ]; then
    say "pnpm $version"
    npm install --global --silent --prefix "$PREFIX" "pnpm@$version"
    hash -r
  fi
}

install_chromium() {
  # Debian's Chromium, driven through playwright-core (no browser download): its headless shell
  # prerenders the docs and runs their tests; the browser itself times the page as a reader opens it.
  if ! command -v chromium >/dev/null || ! command -v chromium-headless-shell >/dev/null; then
    say "Chromium and its headless shell (Debian packages)"
    apt_install chromium chromium-headless-shell
  fi
}

install_unzip() {
  # The release's install test unpacks the PHP package with unzip, as Getting started says to.
  if ! command -v unzip >/dev/null; then
    say "unzip (Debian package)"
    apt_install unzip
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
  # proxy does not serve. The CLI finds it on PATH or in $(go env GOPATH)/bin, and refuses another
  # release than its OASDIFF_VERSION (packages/contract/src/breaking/oasdiff.ts; a docs test holds the two equal).
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
  # packages/sdks builds the generated Java and Kotlin clients with Maven, the Go client with Go.
  if ! command -v java >/dev/null || ! command -v mvn >/dev/null; then
    say "Java and Maven (Debian packages)"
    apt_install default-jdk-headless maven
  fi
  if ! command -v go >/dev/null && [ ! -x /usr/local/go/bin/go ]; then
    echo "setup: packages/sdks needs Go 1.21 or newer on PATH: install it (https://go.dev/dl), then rerun" >&2
    return 1
  fi
  # The Rust client builds with cargo (crates from crates.io); Debian's cargo is older than its
  # crates need, so it comes from rustup. Its TLS (native-tls) links OpenSSL through pkg-config.
  # Kotlin needs nothing here: the Kotlin Maven plugin comes from Maven Central with the build.
  if ! command -v cargo >/dev/null && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
    echo "setup: packages/sdks needs Rust 1.80 or newer with cargo on PATH: install it with rustup (https://rustup.rs), then rerun" >&2
    return 1
  fi
  if ! command -v pkg-config >/dev/null || [ ! -f /usr/include/openssl/ssl.h ]; then
    say "OpenSSL headers and pkg-config for the Rust client (Debian packages)"
    apt_install libssl-dev pkg-config
  fi
}

install_sdk_ruby_php() {
  # packages/sdks runs the generated Ruby and PHP clients on Debian's packages of their libraries:
  # RubyGems and Packagist are not reachable from the build machines, so no bundler or composer.
  if ! ruby -e 'require "json"; require "typhoeus"' 2>/dev/null; then
    say "Ruby with Typhoeus for the Ruby client (Debian packages)"
    apt_install ruby ruby-typhoeus
  fi
  if ! php -r 'exit((@include_once "GuzzleHttp/autoload.php") && class_exists("GuzzleHttp\\Psr7\\Request")
      && extension_loaded("curl") && extension_loaded("mbstring") ? 0 : 1);' 2>/dev/null; then
    say "PHP with curl, mbstring, Guzzle 7 and PSR-7 for the PHP client (Debian packages)"
    apt_install php-cli php-curl php-mbstring php-guzzlehttp-guzzle php-guzzlehttp-psr7
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

# A venv at $1 that has pip: one a stopped run left without it is made again, not kept broken.
venv_with_pip() {
  "$1/bin/python" -c 'import pip' 2>/dev/null || python3 -m venv --clear "$1"
}

install_python() {
  # The packages' venvs (install_package_python) need Python 3.10 or newer with venv and pip.
  if ! python3 -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    say "Python 3 with venv and pip (Debian packages)"
    apt_install python3 python3-venv python3-pip
  fi
}

# packages/$1/.venv with the Python packages its requirements.txt pins.
install_package_python() {
  venv_with_pip "packages/$1/.venv"
  say "Python packages of packages/$1 (pip, pinned)"
  "packages/$1/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "packages/$1/requirements.txt"
}

install_sdk_peers() {
  # packages/sdks's peer generators: oapi-codegen and ogen are `go tool`s of peers/go (go.mod pins
  # them), progenitor a build dependency of peers/progenitor (Cargo.lock pins it); both are fetched
  # here from the Go module proxy and crates.io, a no-op once cached, and the Go tools compiled into
  # Go's build cache (about 50 CPU seconds once), so that the tests' first `go tool` only links them.
  # openapi-python-client comes with requirements.txt (install_package_python sdks),
  # @hey-api/openapi-ts with the workspace.
  local go_bin cargo_bin
  go_bin=$(command -v go || echo /usr/local/go/bin/go)
  cargo_bin=$(command -v cargo || echo "$HOME/.cargo/bin/cargo")
  say "peer generators of packages/sdks (go mod download, cargo fetch)"
  (cd packages/sdks/peers/go && "$go_bin" mod download && "$go_bin" build -o /dev/null tool)
  "$cargo_bin" fetch --locked --quiet --manifest-path packages/sdks/peers/progenitor/Cargo.toml
}

install_workspace() {
  say "workspace packages"
  pnpm install --frozen-lockfile
}

# Sourced (a test of one function), it defines the functions only.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  install_node
  install_pnpm
  install_chromium
  install_curl
  install_unzip
  install_oasdiff
  install_sdk_toolchains
  install_sdk_ruby_php
  install_openapi_generator
  install_python
  install_package_python sdks    # schemathesis, pytest and the generated Python client's dependencies
  install_package_python release # build, setuptools and twine: the wheel, the sdist and their check
  install_sdk_peers
  install_workspace
fi
