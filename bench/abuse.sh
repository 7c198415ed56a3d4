#!/usr/bin/env bash
# Benchmark: the live API against a hostile client (issue #30). The release server on loopback
# with its default budgets; one address (127.0.0.2) bursts tracks of an hour, flow days and
# padded hand-over codes (RATE a second, default 200, CONCURRENCY at once, default 16) while a
# second (127.0.0.3) loads the home page over 64 keep-alive connections and a third (127.0.0.4)
# watches the mall's live stream. Prints, in ROUNDS rounds (default 5) of two DURATION-second
# phases (default 20), the pages' throughput and p99 beside the burst and without it, the
# burst's answers by kind and status, the stream's longest silence, each side's CPU (the
# compute and engine threads apart) and the server's memory; last, the medians of the rounds'
# ratios against the targets (pages within 10 %, the stream silent under 2 s, RSS under
# 100 MB), and the first live event of each venue on a cold engine (target 1.5 s). Exits
# non-zero on a failed page, a dropped stream or a server error. Details in bench/abuse.mjs.
#
#   bench/abuse.sh
#   ROUNDS=9 DURATION=30 RATE=1000 bench/abuse.sh
#
# Builds when dist/ or the server is missing; its own server on 127.0.0.1 only, bounded by
# ROUNDS x 2 x DURATION seconds and the rate.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

export DURATION="${DURATION:-20}"
export ROUNDS="${ROUNDS:-5}"
export RATE="${RATE:-200}"
export CONCURRENCY="${CONCURRENCY:-16}"
PORT="${PORT:-18500}"
out="$repo_root/bench/out/abuse"

command -v node >/dev/null || die "node not found: install Node.js 20.19 or later"
[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

# The mall's start and the sample route's end (content/venues/demo-mall/venue.toml): the
# hand-over codes the burst pads.
read -r place to < <(python3 -c '
import tomllib
samples = tomllib.load(open("content/venues/demo-mall/venue.toml", "rb"))["samples"]
print(samples["start"], samples["route_to"])')

rm -rf "$out" && mkdir -p "$out"
SITE_LISTEN="127.0.0.1:$PORT" SITE_DATA_DIR="$out/data" target/release/site 2>"$out/site.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait 2>/dev/null || true' EXIT
wait_ready "http://127.0.0.1:$PORT/healthz" "$server" 60 || die "the server did not start (see $out/site.log)"
# The first start compresses every body at best for a few seconds: let it finish.
sleep "${SETTLE:-15}"
say "server up (pid $server): $ROUNDS rounds of 2 x ${DURATION}s, the burst at $RATE/s, $CONCURRENCY at once"
node bench/abuse.mjs "http://127.0.0.1:$PORT" "$server" "$place" "$to" | tee "$out/summary.txt"
curl -s "http://127.0.0.1:$PORT/healthz?details" >"$out/details.json"
say "the server's counts after the run: $out/details.json"
