#!/usr/bin/env bash
# Benchmark: soak and faults (issue #16). The release server over the real dist/, on loopback,
# for DURATION seconds: 256 connections of pages (every route, brotli/gzip, a quarter
# revalidating with If-None-Match), image hits, cold image renderings, enquiries from varied
# client addresses and admin requests, plus 2,000 slow connections from 127.0.0.2 and up (half
# idle, half sending a request head a byte every 3 s). Prints errors, requests and p50/p99 per
# kind, what the server did with the slow connections, its resident memory before and after the
# load and its peak, and "leak: no" when RSS after is within 10 % of RSS before. Exits non-zero
# when any well-formed request failed. Details in bench/soak.mjs.
#
#   bench/soak.sh                       # 10 s warm-up of the same mix, then 60 s of load
#   DURATION=120 SLOW=5000 bench/soak.sh
#   MIX=imageHit=256 SLOW=0 DURATION=15 bench/soak.sh   # one kind alone, to tell what costs what
#
# Builds when dist/ or the server is missing; starts its own server on 127.0.0.1 only, with a
# fresh data directory, so the cold renderings are cold. Bounded by DURATION and MAX_REQUESTS.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

export DURATION="${DURATION:-60}"
export MAX_REQUESTS="${MAX_REQUESTS:-5000000}"
export SLOW="${SLOW:-2000}"
export SETTLE="${SETTLE:-5}"
export WARMUP="${WARMUP:-10}"
PORT="${PORT:-18300}"
out="$repo_root/bench/out/soak"
export ADMIN_TOKEN="soak-admin-token-0123456789"

command -v node >/dev/null || die "node not found: install Node.js 20.19 or later"
[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build
# The slow connections and the load need about SLOW + 300 descriptors in this shell's node.
raise_open_files "$SLOW" "$SLOW slow connections (ulimit -n)"

rm -rf "$out" && mkdir -p "$out"
# 127.0.0.1 is a trusted proxy: its X-Forwarded-For names the enquiry's client, and its own
# connections are not under the per-client cap (only under the total one). The enquiry limits
# are raised so that every well-formed enquiry is accepted: the soak measures serving, not the
# limits, which have their own tests.
SITE_LISTEN="127.0.0.1:$PORT" SITE_DATA_DIR="$out/data" \
  SITE_ORIGINS__INTERNATIONAL="http://127.0.0.1:$PORT" \
  SITE_LEADS__ADMIN_TOKEN="$ADMIN_TOKEN" \
  SITE_LEADS__TRUSTED_PROXIES='["127.0.0.1/32"]' \
  SITE_LEADS__ACCEPTED_PER_HOUR=100000000 \
  SITE_LEADS__RATE_LIMIT__ACCEPTED=100000000 \
  SITE_LEADS__RATE_LIMIT__SUBMISSIONS=100000000 \
  target/release/site 2>"$out/site.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait 2>/dev/null || true' EXIT
wait_ready "http://127.0.0.1:$PORT/healthz" "$server" 60 || die "the server did not start (see $out/site.log)"
say "server up (pid $server); warming up, then ${DURATION}s of load"

status=0
node bench/soak.mjs "http://127.0.0.1:$PORT" "$server" | tee "$out/summary.txt" || status=$?
kill -0 "$server" 2>/dev/null || { say "the server is gone (see $out/site.log)"; status=1; }
# Warnings and errors the server logged during the run (escape codes stripped).
sed 's/\x1b\[[0-9;]*m//g' "$out/site.log" | awk '$2 == "WARN" || $2 == "ERROR"' >"$out/site-problems.log" || true
echo "server log: $(wc -l <"$out/site-problems.log") warning or error lines ($out/site-problems.log)" | tee -a "$out/summary.txt"
head -5 "$out/site-problems.log"
exit "$status"
