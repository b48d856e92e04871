#!/usr/bin/env bash
# Side-by-side fan-out benchmark: quartermaster (its own durable SQLite store)
# against a boardgame.io 0.50.2 server (state in memory), the same 50-client
# harness, alternately, REPEATS times. Not part of `make test`.
#   bash bench/fanout/run.sh [ACTIONS] [REPEATS]
# quartermaster is measured twice per repeat: actions on the WebSocket, as
# the dashboard sends them ("qm"), and posted over HTTP ("qm-http").
# QM_MODES="http" measures only the HTTP path (builds before 2026-11-24 take
# no actions on the socket); QM_BIN=path uses another quartermaster binary
# (e.g. an older build, to compare before and after a change).
set -euo pipefail
cd "$(dirname "$0")"
ACTIONS=${1:-400}
REPEATS=${2:-3}
ROOT=$(cd ../.. && pwd)
QM_PORT=${QM_PORT:-18080}
BG_PORT=${BG_PORT:-18181}
WORK=$(mktemp -d /tmp/fanout.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

[ -d node_modules/boardgame.io ] || npm ci --no-audit --no-fund >/dev/null
QM_BIN=${QM_BIN:-}
if [ -z "$QM_BIN" ]; then
  QM_BIN="$WORK/quartermaster"
  (cd "$ROOT" && CGO_ENABLED=0 go build -tags novision -o "$QM_BIN" ./cmd/quartermaster)
fi
SETUP=$(node -e 'console.log(JSON.stringify(require(process.argv[1]).setup))' "$ROOT/engine/deadreckoning/testdata/script-basic.json")

wait_port() { for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$1") 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 did not open" >&2; exit 1; }

run_qm() {
  local kind=$1
  rm -rf "$WORK/data"
  # 50 clients from one machine: above the default cap of WebSockets per address.
  echo '{"sockets_per_client": 64}' >"$WORK/qm.json"
  local cfgflag=(--config "$WORK/qm.json")
  # --help may exit non-zero; with pipefail the grep must read a variable.
  local help
  help=$("$QM_BIN" serve --help 2>&1 || true)
  grep -q -- '--config' <<<"$help" || cfgflag=()
  [ -n "${QM_NO_CONFIG:-}" ] && cfgflag=()
  "$QM_BIN" serve --addr 127.0.0.1:$QM_PORT --data "$WORK/data" "${cfgflag[@]}" >"$WORK/qm.log" 2>&1 &
  local pid=$!
  wait_port $QM_PORT
  local url=http://127.0.0.1:$QM_PORT
  local created
  created=$(curl -sf -H 'Content-Type: application/json' -H "Origin: $url" "$url/api/tables" -d "{\"rules\":\"dead-reckoning\",\"seed\":42,\"setup\":$SETUP,\"players\":[{\"name\":\"Ann\",\"colour\":\"purple\",\"seat\":0},{\"name\":\"Ben\",\"colour\":\"green\",\"seat\":1}]}")
  local table pin
  table=$(node -e 'console.log(JSON.parse(process.argv[1]).table)' "$created")
  pin=$(node -e 'console.log(JSON.parse(process.argv[1]).pins["0"])' "$created")
  curl -sf -H 'Content-Type: application/json' -H "Origin: $url" "$url/api/tables/$table/actions" \
    -d '{"action":{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}},"baseVersion":0}' >/dev/null
  curl -sf "$url/api/tables/$table" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.stringify(JSON.parse(s).view)))' >"$WORK/view.json"
  # patch.js is the dashboard's ES module, loaded without a package type.
  node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON harness.js "$kind" "$url" "$table" "$pin" "$ACTIONS" "$pid"
  kill $pid; wait $pid 2>/dev/null || true
}

run_bgio() {
  [ -s "$WORK/view.json" ] || { echo "no view yet" >&2; exit 1; }
  node bgio-server.js $BG_PORT "$WORK/view.json" >"$WORK/bg.log" 2>&1 &
  local pid=$!
  wait_port $BG_PORT
  wait_port $((BG_PORT + 1))
  local url=http://127.0.0.1:$BG_PORT api=http://127.0.0.1:$((BG_PORT + 1))
  local match cred
  match=$(curl -sf -H 'Content-Type: application/json' "$api/games/bench/create" -d '{"numPlayers":2}' | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).matchID))')
  cred=$(curl -sf -H 'Content-Type: application/json' "$api/games/bench/$match/join" -d '{"playerID":"0","playerName":"Ann"}' | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).playerCredentials))')
  node harness.js bgio "$url" "$match" "$cred" "$ACTIONS" "$pid"
  kill $pid; wait $pid 2>/dev/null || true
}

QM_MODES=${QM_MODES:-socket http}
for r in $(seq "$REPEATS"); do
  for m in $QM_MODES; do
    case $m in
      socket) run_qm qm ;;
      http) run_qm qm-http ;;
      *) echo "QM_MODES: socket or http, not $m" >&2; exit 2 ;;
    esac
  done
  run_bgio
done
