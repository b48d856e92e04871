#!/usr/bin/env bash
# Copies the dashboard's rendering library (Preact, its hooks, and htm) from
# node_modules into web/ui/vendor as plain ES modules, at the versions pinned
# in package.json / package-lock.json. The copies are committed: the binary
# embeds them (go:embed), so the tablet needs no CDN and no build step.
#   scripts/vendor-ui.sh          # npm ci when node_modules is missing, then copy
#   scripts/vendor-ui.sh --check  # fail when a committed copy differs from npm's
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules/preact ] || npm ci --no-audit --no-fund >/dev/null

# source in node_modules -> file in web/ui/vendor (the import map in
# web/ui/index.html names them: "preact", "preact/hooks", "htm"). htm's mini
# build: the default one caches static parts of a template and hands the
# same vnode object to Preact on every render, which breaks Preact's diff
# (a table page that stops updating); htm's README says as much.
files=(
	"node_modules/preact/dist/preact.mjs:preact.mjs"
	"node_modules/preact/hooks/dist/hooks.mjs:hooks.mjs"
	"node_modules/htm/mini/index.mjs:htm.mjs"
	"node_modules/preact/LICENSE:LICENSE.preact"
	"node_modules/htm/LICENSE:LICENSE.htm"
)
status=0
for f in "${files[@]}"; do
	src=${f%%:*}
	dst=web/ui/vendor/${f##*:}
	if [ "${1:-}" = --check ]; then
		cmp -s "$src" "$dst" || { echo "vendor-ui: $dst differs from $src (run scripts/vendor-ui.sh)" >&2; status=1; }
	else
		cp "$src" "$dst"
	fi
done
exit $status
