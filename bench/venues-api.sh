#!/usr/bin/env bash
# Benchmark: the live demo's API (issue #14) on loopback with wrk: a search
# (pinyin initials, and full pinyin ranked by walking distance from an entrance) and the mall's
# example route from a B2 parking space to an L5 restaurant, each with its throughput and p99
# latency at 64 connections (saturated, and paced below saturation) and one at a time; and the
# home page's throughput on the same server against the same binary serving the same pages with
# no venues loaded, so the cost of the venue engine to page serving shows as a ratio. Rounds
# alternate (the machine is shared and noisy); medians are reported.
#
#   bench/venues-api.sh                     # 3 rounds of 10 s per load
#   ROUNDS=5 DURATION=15s bench/venues-api.sh
#
# Installs wrk from Debian when missing (needs root). Targets 127.0.0.1 only; each wrk run is
# bounded by DURATION. The API's per-client request and compute budgets are turned off for the
# run (SITE_VENUES__RATE_LIMIT__PER_SECOND=0, SITE_VENUES__COMPUTE__PER_SECOND_MS=0): wrk is one
# client.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
PORT="${PORT:-18090}"
BARE_PORT="${BARE_PORT:-18091}"
UA='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
out="$repo_root/bench/out/venues-api"

if ! command -v wrk >/dev/null; then
  [ "$(id -u)" = 0 ] || die "wrk is needed: apt-get install wrk"
  say "installing wrk"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi

[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

rm -rf "$out" && mkdir -p "$out"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

# The same build without venues: dist/ linked file by file, with the manifest's venue list
# emptied, so the only difference between the two servers is the venue engine.
mkdir -p "$out/bare-dist"
for entry in dist/*; do
  [ "$(basename "$entry")" = manifest.json ] || ln -s "$repo_root/$entry" "$out/bare-dist/"
done
python3 - "$repo_root/dist/manifest.json" "$out/bare-dist/manifest.json" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
manifest["venues"]["list"] = []
json.dump(manifest, open(sys.argv[2], "w"))
PY

start_server() { # port dist-dir name
  SITE_LISTEN="127.0.0.1:$1" SITE_DIST_DIR="$2" SITE_DATA_DIR="$out/data-$3" \
    SITE_VENUES__RATE_LIMIT__PER_SECOND=0 SITE_VENUES__COMPUTE__PER_SECOND_MS=0 \
    target/release/site 2>"$out/$3.log" &
  pids+=($!)
  wait_ready "http://127.0.0.1:$1/healthz" "$!" 10 || die "the $3 server did not start (see $out/$3.log)"
}
say "starting the server with venues on 127.0.0.1:$PORT and without on 127.0.0.1:$BARE_PORT"
start_server "$PORT" "$repo_root/dist" site
start_server "$BARE_PORT" "$out/bare-dist" bare

# The example route of the mall: venue.toml's samples, as the viewer uses them.
read -r route_from route_to start < <(python3 - "$repo_root/dist/venues/demo-mall/venue.json" <<'PY'
import json, sys
samples = json.load(open(sys.argv[1]))["samples"]
print(samples["routeFrom"], samples["routeTo"], samples["start"])
PY
)
api="http://127.0.0.1:$PORT/api/venues/demo-mall"
declare -A targets=(
  [search_initials]="$api/search?q=xbk"
  [search_near]="$api/search?q=xingbake&near=$start"
  [route_b2_l5]="$api/route?from=$route_from&to=$route_to"
  [page]="http://127.0.0.1:$PORT/next/"
  [page_without_venues]="http://127.0.0.1:$BARE_PORT/next/"
)
order=(search_initials search_near route_b2_l5 page page_without_venues)
# Each API load is also measured two more ways: one connection at a time (the service time of a
# request), and 64 connections paced to a fixed offered load (PACED_RATE requests/s in all, via
# wrk's delay() hook), which is how latency behaves below saturation. Closed-loop wrk at 64
# connections saturates both cores, so its p99 is mostly queueing: 64 requests in flight over
# the throughput, for pages as for the API.
PACED_RATE="${PACED_RATE:-2000}"
api_loads=(search_initials search_near route_b2_l5)
paced_script="$out/paced.lua"
cat >"$paced_script" <<LUA
-- Each of the $CONNECTIONS connections waits this long before its next request.
function delay()
  return $(awk -v c="$CONNECTIONS" -v r="$PACED_RATE" 'BEGIN {printf "%d", c * 1000 / r}')
end
LUA
for name in "${order[@]}"; do
  curl -fs -o /dev/null -H 'Accept-Encoding: gzip, br' "${targets[$name]}" \
    || die "$name: ${targets[$name]} does not answer 200"
done
route_levels=$(curl -fs "${targets[route_b2_l5]}" | python3 -c 'import json,sys; r=json.load(sys.stdin); print(" -> ".join(l["level"] for l in r["legs"]), "|", r["distance_m"], "m", r["duration_s"], "s")')

run_wrk() { # name mode(saturated|single|paced) -> "rps p99_ms"
  local file="$out/wrk-$1-$2-$round.txt" options
  case "$2" in
    saturated) options=(-t"$THREADS" -c"$CONNECTIONS") ;;
    single) options=(-t1 -c1) ;;
    paced) options=(-t"$THREADS" -c"$CONNECTIONS" -s "$paced_script") ;;
  esac
  wrk "${options[@]}" -d"$DURATION" --latency \
    -H "User-Agent: $UA" -H 'Accept-Encoding: gzip, br' "${targets[$1]}" >"$file"
  local rps p99
  rps=$(awk '/^Requests\/sec/ {print $2}' "$file")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' "$file")
  echo "$rps $p99"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

say "warming up"
for name in "${order[@]}"; do
  wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H 'Accept-Encoding: gzip, br' "${targets[$name]}" >/dev/null
done

runs=()
for name in "${order[@]}"; do runs+=("$name saturated"); done
for name in "${api_loads[@]}"; do runs+=("$name single" "$name paced"); done
for run in "${runs[@]}"; do : >"$out/${run// /-}.results"; done
for round in $(seq "$ROUNDS"); do
  for run in "${runs[@]}"; do
    say "round $round/$ROUNDS: $run"
    # shellcheck disable=SC2086 # "name mode"
    run_wrk $run >>"$out/${run// /-}.results"
  done
done

{
  echo "venue API, wrk -d$DURATION, $ROUNDS alternating rounds, medians"
  echo "machine: $(nproc) cores, $(uname -r); route: $route_levels"
  printf '%-22s %-40s %12s %9s\n' load connections 'requests/s' 'p99 ms'
  for run in "${runs[@]}"; do
    read -r name mode <<<"$run"
    case "$mode" in
      saturated) how="$CONNECTIONS, closed loop (saturated)" ;;
      single) how="1 (service time)" ;;
      paced) how="$CONNECTIONS, paced to $PACED_RATE requests/s" ;;
    esac
    rps=$(awk '{print $1}' "$out/$name-$mode.results" | median)
    p99=$(awk '{print $2}' "$out/$name-$mode.results" | median)
    printf '%-22s %-40s %12.0f %9.2f\n' "$name" "$how" "$rps" "$p99"
  done
  with=$(awk '{print $1}' "$out/page-saturated.results" | median)
  without=$(awk '{print $1}' "$out/page_without_venues-saturated.results" | median)
  echo "page throughput with venues / without: $(awk -v a="$with" -v b="$without" 'BEGIN {printf "%.2f", a/b}')"
  echo "resident memory: with venues $(awk '/^VmRSS/ {print int($2/1024)}' "/proc/${pids[0]}/status") MiB, without $(awk '/^VmRSS/ {print int($2/1024)}' "/proc/${pids[1]}/status") MiB"
} | tee "$out/summary.txt"
