#!/usr/bin/env bash
# Benchmark: the demo's start-up timings of this tree beside another commit's, interleaved
# (issue #34). The machine moves these figures by more than most changes do, so a change is
# judged against its baseline measured in the same minutes: one server binary serves each
# commit's dist/ on its own port, and every round opens both. Details in bench/demo-ab.mjs.
#
#   bench/demo-ab.sh e4dfa97            # 6 rounds
#   ROUNDS=8 bench/demo-ab.sh HEAD~3
#   LIGHTHOUSE_ROUNDS=10 bench/demo-ab.sh HEAD   # and Lighthouse's mobile audit of the hand-over
#                                               # page, 10 interleaved runs each (bench/lighthouse-ab.mjs)
#   BASE_SITE_BIN=/tmp/site-base bench/demo-ab.sh HEAD   # the baseline served by its own server,
#                                               # when the change is in the server's answers
#   PRESS_AFTER_MS=3000 bench/demo-ab.sh HEAD    # "试一试" pressed 3 s after the load event
#                                               # (default 300 ms), in bench/demo-ab.mjs
#
# Builds the other commit's pages in a scratch worktree (its Rust code is not built: the
# server of this tree serves both, unless BASE_SITE_BIN names the baseline's release binary);
# starts its servers on 127.0.0.1 only.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

base="${1:?usage: bench/demo-ab.sh <commit> (the baseline to measure beside this tree)}"
ROUNDS="${ROUNDS:-6}"
out="$repo_root/bench/out/demo-ab"

ensure_npm_deps web
ensure_npm_deps e2e
ensure_chromium
[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

rm -rf "$out" && mkdir -p "$out"
git worktree add --quiet --detach "$out/base" "$base"
cleanup() {
  kill "${servers[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
  git worktree remove --force "$out/base" 2>/dev/null || true
}
servers=()
trap cleanup EXIT
ln -s "$repo_root/web/node_modules" "$out/base/web/node_modules"
(cd "$out/base/web" && CHECK_VENUE_BIN="$repo_root/target/release/check-venue" node scripts/build.mjs) \
  >"$out/base-build.log" 2>&1 || die "the baseline's pages did not build (see $out/base-build.log)"

origins=()
for side in base this; do
  port=$((18100 + ${#servers[@]}))
  dist="$repo_root/dist"
  [ "$side" = base ] && dist="$out/base/dist"
  server=target/release/site
  [ "$side" = base ] && server="${BASE_SITE_BIN:-$server}"
  SITE_LISTEN="127.0.0.1:$port" SITE_DATA_DIR="$out/data-$side" SITE_DIST_DIR="$dist" \
    "$server" 2>"$out/site-$side.log" &
  servers+=($!)
  wait_ready "http://127.0.0.1:$port/healthz" "$!" 10 || die "the $side server did not start"
  origins+=("http://127.0.0.1:$port")
done
for side in base this; do
  for _ in $(seq 120); do grep -q "compressed at best" "$out/site-$side.log" && break; sleep 0.5; done
done

echo "baseline $base: ${origins[0]}; this tree: ${origins[1]}" | tee "$out/summary.txt"
node bench/demo-ab.mjs "$ROUNDS" "${origins[@]}" | tee -a "$out/summary.txt"
if [ "${LIGHTHOUSE_ROUNDS:-0}" -gt 0 ]; then
  samples="$(curl -fsS "${origins[0]}/api/venues/demo-mall" | python3 -c \
    'import json,sys; s=json.load(sys.stdin)["samples"]; print(s["routeFrom"], s["routeTo"])')"
  read -r from to <<<"$samples"
  node bench/lighthouse-ab.mjs "$LIGHTHOUSE_ROUNDS" "/next/demo?venue=demo-mall&from=$from&to=$to" \
    "${origins[@]}" | tee -a "$out/summary.txt"
fi
