#!/usr/bin/env bash
# Measures the camera's cost on an idle table: `quartermaster serve --sim`
# with one viewer on the camera stream (/api/camera.mjpg) and a still board.
# Prints the resident memory (now and peak) and the CPU time used over the
# window, as a share of one core.
#   scripts/measure-camera.sh [BINARY] [WARMUP_SECONDS] [WINDOW_SECONDS]
#   CAMERA=SRC scripts/measure-camera.sh ...   # `serve --camera SRC` instead of
#                                              # --sim (a device, or a still board
#                                              # as an image sequence frame_%04d.png)
# BINARY defaults to bin/quartermaster (make build). Figures go to
# docs/vision.md, "Camera on the Pi".
set -euo pipefail

bin=${1:-bin/quartermaster}
warmup=${2:-15}
window=${3:-30}
port=${PORT:-18731}

data=$(mktemp -d /tmp/qm-measure.XXXXXX)
viewer_out=$data/viewer.bytes
pid=""
viewer=""
cleanup() {
	[ -n "$viewer" ] && kill "$viewer" 2>/dev/null || true
	[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
	rm -rf "$data"
}
trap cleanup EXIT

source=(--sim)
[ -n "${CAMERA:-}" ] && source=(--camera "$CAMERA")
"$bin" serve "${source[@]}" --addr "127.0.0.1:$port" --data "$data/data" </dev/null >"$data/serve.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
	curl -sf "http://127.0.0.1:$port/api/rules" >/dev/null 2>&1 && break
	curl -sf -o /dev/null "http://127.0.0.1:$port/" && break
	sleep 0.2
done
curl -sN "http://127.0.0.1:$port/api/camera.mjpg" >"$viewer_out" &
viewer=$!
sleep "$warmup"

ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
c0=$(cpu)
b0=$(stat -c %s "$viewer_out")
t0=$(date +%s.%N)
sleep "$window"
c1=$(cpu)
b1=$(stat -c %s "$viewer_out")
t1=$(date +%s.%N)

rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
hwm=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
anon=$(awk '/RssAnon/ {print $2}' "/proc/$pid/status")
file=$(awk '/RssFile/ {print $2}' "/proc/$pid/status")
pss=$(awk '/^Pss:/ {print $2}' "/proc/$pid/smaps_rollup")
awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v hz="$ticks" -v rss="$rss" -v hwm="$hwm" -v b0="$b0" -v b1="$b1" -v anon="$anon" -v file="$file" -v pss="$pss" 'BEGIN {
	secs = t1 - t0
	printf "window      %.1f s (after the warm-up)\n", secs
	printf "cpu         %.2f%% of one core\n", 100 * (c1 - c0) / hz / secs
	printf "rss         %.1f MB (peak %.1f MB): anonymous %.1f MB, file-backed (libraries, binary) %.1f MB; pss %.1f MB\n", rss / 1024, hwm / 1024, anon / 1024, file / 1024, pss / 1024
	printf "viewer got  %.1f kB/s of MJPEG\n", (b1 - b0) / 1024 / secs
}'
