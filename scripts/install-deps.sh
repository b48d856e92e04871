#!/usr/bin/env bash
# Installs what quartermaster needs to build and test on Debian 12 or
# Raspberry Pi OS (bookworm), and only what is missing.
#   scripts/install-deps.sh run    # what `make run` needs: Go, C and C++ compilers, OpenCV
#   scripts/install-deps.sh test   # plus Chromium (browser tests) and PostgreSQL (store tests)
# As root it runs apt-get; otherwise it prints the exact apt line to run.
set -euo pipefail

want=${1:-run}
missing=()

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

need() { have_pkg "$1" || missing+=("$1"); }

need gcc
need g++           # vision/cv, our OpenCV wrapper, is C++ (cgo)
need libopencv-dev # headers; the binary links only libopencv_core and _imgproc, and opens _videoio for a camera
if [ "$want" = test ]; then
	need chromium
	need postgresql
	need zbar-tools   # reads our QR codes back in the web tests
	need git
	# node and npm: the dashboard's type check (tsc, pinned in package-lock.json).
	command -v node >/dev/null 2>&1 || need nodejs
	command -v npm >/dev/null 2>&1 || need npm
fi

if ! command -v go >/dev/null 2>&1; then
	echo "install-deps: Go 1.26 or newer is needed and is not on PATH." >&2
	echo "  Debian's golang package is too old; install Go from https://go.dev/dl/ (linux-arm64 on a Raspberry Pi 4/5)." >&2
	exit 1
fi

# npm_ci installs TypeScript (and the Preact/htm sources of web/ui/vendor)
# at the pinned versions, once.
npm_ci() {
	if [ "$want" = test ] && [ ! -x "$(dirname "$0")/../node_modules/.bin/tsc" ]; then
		echo "install-deps: npm ci (TypeScript for the dashboard's type check)" >&2
		(cd "$(dirname "$0")/.." && npm ci --no-audit --no-fund >/dev/null)
	fi
}

if [ ${#missing[@]} -eq 0 ]; then
	npm_ci
	exit 0
fi

line="apt-get install -y -q --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing Debian packages: ${missing[*]}" >&2
	echo "  run:  sudo apt-get update && sudo $line" >&2
	exit 1
fi

echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
$line >/dev/null
npm_ci
