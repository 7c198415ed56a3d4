#!/usr/bin/env bash
# Benchmark: the live demo in Debian's Chromium (issue #14): what "试一试" adds over the wire,
# the time from the press to the first drawn level on Lighthouse's mobile throttling, a guide
# screen's QR hand-over on a phone, and frame times while panning and zooming the largest level
# with 4x CPU throttling. Details in bench/demo.mjs.
#
#   bench/demo.sh              # 5 fresh browser contexts per measurement, medians
#   ROUNDS=9 bench/demo.sh
#
# Builds when dist/ or the server is missing; starts its own server on 127.0.0.1 only.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

ROUNDS="${ROUNDS:-5}"
PORT="${PORT:-18092}"
out="$repo_root/bench/out/demo"

ensure_npm_deps e2e
ensure_chromium
[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

rm -rf "$out" && mkdir -p "$out"
SITE_LISTEN="127.0.0.1:$PORT" SITE_DATA_DIR="$out/data" target/release/site 2>"$out/site.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait 2>/dev/null || true' EXIT
wait_ready "http://127.0.0.1:$PORT/healthz" "$server" 10 || die "the server did not start (see $out/site.log)"
# The server compresses every body again at best for its first 15-20 s, on both cores: measured
# beside that, the first rounds were up to half a second slower.
for _ in $(seq 120); do grep -q "compressed at best" "$out/site.log" && break; sleep 0.5; done
grep -q "compressed at best" "$out/site.log" || die "the server did not finish compressing (see $out/site.log)"

node bench/demo.mjs "http://127.0.0.1:$PORT" "$ROUNDS" | tee "$out/summary.txt"
