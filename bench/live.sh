#!/usr/bin/env bash
# Benchmark: the live positioning stream (issue #17). The release server on loopback with
# TAGS simulated tags per venue (default 500) streams the mall to CLIENTS server-sent-event
# clients (default 1,000; each on one level as the viewer asks, or every level with
# ALL_LEVELS=1) while 64 keep-alive connections fetch the home page; the same page
# load runs first without the stream. Prints page requests/s and p50/p99 with and without the
# stream and their ratio, the stream's events per client per second, dropped connections, the
# engine's start time, each side's CPU and the server's resident memory, in ROUNDS rounds
# (default 3, about two minutes each) with the median of their ratios last. Exits non-zero on
# a dropped stream or a failed request. Details in bench/live.mjs.
#
#   bench/live.sh
#   TAGS=2000 CLIENTS=200 DURATION=20 bench/live.sh
#   ALL_LEVELS=1 bench/live.sh
#
# Builds when dist/ or the server is missing; its own server on 127.0.0.1 only.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

export DURATION="${DURATION:-20}"
export CLIENTS="${CLIENTS:-1000}"
export ROUNDS="${ROUNDS:-3}"
TAGS="${TAGS:-500}"
PORT="${PORT:-18400}"
out="$repo_root/bench/out/live"

command -v node >/dev/null || die "node not found: install Node.js 20.19 or later"
[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build
raise_open_files "$CLIENTS" "$CLIENTS clients"

rm -rf "$out" && mkdir -p "$out"
# 127.0.0.1 is a trusted proxy, so its connections are under the total cap only; the venue API's
# per-client budget and cap on streams are off, and the cap on all streams above CLIENTS: one
# address stands for a thousand visitors.
SITE_LISTEN="127.0.0.1:$PORT" SITE_DATA_DIR="$out/data" \
  SITE_LEADS__TRUSTED_PROXIES='["127.0.0.1/32"]' \
  SITE_VENUES__RATE_LIMIT__PER_SECOND=0 \
  SITE_VENUES__LIVE__MAX_STREAMS_PER_CLIENT=0 \
  SITE_VENUES__LIVE__MAX_STREAMS="$((CLIENTS + 100))" \
  SITE_VENUES__LIVE__TAGS="$TAGS" \
  target/release/site 2>"$out/site.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait 2>/dev/null || true' EXIT
wait_ready "http://127.0.0.1:$PORT/healthz" "$server" 60 || die "the server did not start (see $out/site.log)"
# The first start compresses every body at best for a few seconds: let it finish.
sleep "${SETTLE:-15}"
say "server up (pid $server): $TAGS tags per venue, $CLIENTS stream clients, ${DURATION}s per phase, $ROUNDS rounds"
node bench/live.mjs "http://127.0.0.1:$PORT" "$server" | tee "$out/summary.txt"
