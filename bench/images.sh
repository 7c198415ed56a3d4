#!/usr/bin/env bash
# Benchmark: the image endpoint /_next/image of the site server, on a 3000x2000 photo-like PNG.
#   1. Cold resizes to w=1080 WebP, one by one, against Next.js 15 with sharp (the peer): the
#      first request after start, one cold request, and the median of 20 distinct qualities.
#   2. Cached-hit throughput of the image against the HTML page, on our server.
#   3. Page latency (p99) while 20 cold resizes arrive at once, against a run without them;
#      and how long the same burst takes with and without the page load.
# Rounds and requests alternate between the two sides (the machine is shared and noisy) and
# medians are reported.
#
#   bench/images.sh                        # 3 rounds of 10 s per throughput side
#   ROUNDS=5 DURATION=15s bench/images.sh
#   SKIP_PEER=1 bench/images.sh            # our figures only
#
# Installs wrk from Debian when missing (needs root), numpy and Pillow into bench/out/venv when
# python3 lacks them, and the peer from the npm registry into bench/out/nextjs (exact versions
# in bench/images/peer/package.json). Targets 127.0.0.1 only; every request has a time limit and every
# wrk run is bounded by its duration.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10s}"
SKIP_PEER="${SKIP_PEER:-0}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
SITE_PORT="${SITE_PORT:-18090}"
PEER_PORT="${PEER_PORT:-18091}"
STATIC_PORT="${STATIC_PORT:-18092}"
PAGE="${PAGE:-/next/}"
UA='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
ACCEPT='image/webp,*/*'
COLD_WIDTH=1080
# Warm-up asks for another width, so each side has loaded its codecs (sharp is required lazily
# by Next.js) before the first measured resize, without caching what is measured. q=75 because
# the peer accepts at most 20 configured qualities, all taken by the cold series.
WARM_QUERY_W=640
COLD_QUALITIES=$(seq 61 80)   # must match images.qualities in bench/images/peer/next.config.js
BURST_WIDTH=1920
BURST_QUALITIES=$(seq 41 60)       # combinations never requested before the burst
IDLE_BURST_QUALITIES=$(seq 21 40)  # likewise, for the burst on an idle server
LATENCY_CONNECTIONS=16
LATENCY_DURATION=10           # seconds of wrk; the burst starts BURST_DELAY s in
BURST_DELAY=2

out="$repo_root/bench/out"
run="$out/images-run"        # this run's logs and raw figures; the installs beside it are kept
here="$repo_root/bench/images"
peer_dir="$out/nextjs"
site_url="http://127.0.0.1:$SITE_PORT"
peer_url="http://127.0.0.1:$PEER_PORT"
ours_src='%2Fnext%2Fbench%2Fphoto.png'
peer_src='%2Fphoto.png'

if ! command -v wrk >/dev/null; then
  [ "$(id -u)" = 0 ] || die "wrk is needed: apt-get install wrk"
  say "installing wrk"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi

[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

rm -rf "$run" && mkdir -p "$run"
site_pid=""
peer_pid=""
static_pid=""
stop_site() {
  if [ -n "$site_pid" ]; then
    kill "$site_pid" 2>/dev/null || true
    wait "$site_pid" 2>/dev/null || true
    site_pid=""
  fi
}
stop_peer() {
  if [ -n "$peer_pid" ]; then
    kill "$peer_pid" 2>/dev/null || true
    wait "$peer_pid" 2>/dev/null || true
    peer_pid=""
  fi
}
cleanup() {
  stop_site
  stop_peer
  if [ -n "$static_pid" ]; then kill "$static_pid" 2>/dev/null || true; fi
  wait 2>/dev/null || true
}
trap cleanup EXIT

median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

# --- The photo -----------------------------------------------------------------------------
py=python3
if ! python3 -c 'import numpy, PIL' 2>/dev/null; then
  py="$out/venv/bin/python"
  if ! "$py" -c 'import numpy, PIL' 2>/dev/null; then
    say "installing numpy and Pillow into bench/out/venv"
    rm -rf "$out/venv"
    python3 -m venv "$out/venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
    "$out/venv/bin/pip" install -q --disable-pip-version-check numpy pillow || die "pip install numpy pillow failed"
  fi
fi
# The generator is deterministic, so the photo is only remade when the generator changes.
if ! [ "$out/photo.png" -nt "$here/make_photo.py" ]; then
  say "generating the 3000x2000 benchmark photo"
  "$py" "$here/make_photo.py" "$out/photo.png.tmp" && mv "$out/photo.png.tmp" "$out/photo.png"
fi
photo_bytes=$(stat -c %s "$out/photo.png")

# Lists dist/client/$2 in $1/manifest.json, served at /next/$2.
add_to_manifest() {
  python3 - "$1/manifest.json" "$2" <<'PY'
import json, sys
path, name = sys.argv[1], sys.argv[2]
with open(path) as f:
    manifest = json.load(f)
manifest["files"].append({"url": f"/next/{name}", "file": f"client/{name}", "immutable": False})
with open(path, "w") as f:
    json.dump(manifest, f)
PY
}

# Our server serves only what the manifest lists, so the photo joins a copy of dist/.
rm -rf "$out/dist" && cp -r dist "$out/dist"
mkdir -p "$out/dist/client/bench" && cp "$out/photo.png" "$out/dist/client/bench/photo.png"
add_to_manifest "$out/dist" bench/photo.png

# --- The peer: Next.js with sharp ------------------------------------------------------------
peer_ok=0
peer_why="skipped (SKIP_PEER=1)"
peer_versions=""
setup_peer() {
  command -v node >/dev/null && command -v npm >/dev/null || { peer_why="node or npm not found"; return 1; }
  mkdir -p "$peer_dir"
  local want stamp="$peer_dir/node_modules/.installed-from"
  want="$(sha256sum <"$here/peer/package.json" | cut -d' ' -f1)-node$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "installing Next.js and sharp into bench/out/nextjs"
    # npm install, not npm ci with a lock: npm's lock for next omits other platforms' SWC
    # binaries and npm ci then refuses it. package.json pins the four packages exactly.
    rm -rf "$peer_dir/node_modules" "$peer_dir/package-lock.json"
    cp "$here/peer/package.json" "$peer_dir/"
    (cd "$peer_dir" && timeout 600 npm install --no-audit --no-fund --loglevel=error) >"$run/peer-install.log" 2>&1 \
      || { peer_why="npm install failed (see bench/out/images-run/peer-install.log)"; return 1; }
    echo "$want" >"$stamp"
  fi
  # Next.js 15 has no fallback without sharp (it answers 500), so make sure the sharp
  # that Next.js itself would require loads here, and name its versions.
  peer_versions=$(cd "$peer_dir" && node -e '
    const path = require("path"), fs = require("fs");
    const from = path.dirname(require.resolve("next/dist/server/image-optimizer.js"));
    const sharp = require(require.resolve("sharp", { paths: [from] }));
    const version = (name) => JSON.parse(fs.readFileSync(path.join("node_modules", name, "package.json"))).version;
    console.log(`Next.js ${version("next")}, react ${version("react")}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), node ${process.version}, sharp threads ${Math.max(Math.floor(sharp.concurrency() / 2), 1)}`);
  ' 2>"$run/peer-sharp.log") || { peer_why="sharp does not load (see bench/out/images-run/peer-sharp.log)"; return 1; }

  mkdir -p "$peer_dir/pages" "$peer_dir/public"
  cp "$here/peer/next.config.js" "$peer_dir/"
  cp "$here/peer/pages/index.js" "$peer_dir/pages/"
  cp "$out/photo.png" "$peer_dir/public/photo.png"
  want="$(cat "$here/peer/next.config.js" "$here/peer/pages/index.js" "$stamp" | sha256sum | cut -d' ' -f1)"
  if [ ! -f "$peer_dir/.next/BUILD_ID" ] || [ "$(cat "$peer_dir/.built-from" 2>/dev/null)" != "$want" ]; then
    say "building the Next.js peer"
    # NEXT_IGNORE_INCORRECT_LOCKFILE: otherwise next build queries the registry to "patch" the
    # lockfile for other platforms' SWC binaries, and fails noisily doing so.
    (cd "$peer_dir" && NEXT_TELEMETRY_DISABLED=1 NEXT_IGNORE_INCORRECT_LOCKFILE=1 timeout 300 node_modules/.bin/next build) \
      >"$run/peer-build.log" 2>&1 || { peer_why="next build failed (see bench/out/images-run/peer-build.log)"; return 1; }
    echo "$want" >"$peer_dir/.built-from"
  fi
}
if [ "$SKIP_PEER" != 1 ]; then
  if setup_peer; then peer_ok=1; peer_why=""; else say "peer unavailable: $peer_why"; fi
fi

# --- Starting and asking ---------------------------------------------------------------------
# Each start gets a fresh data dir: the disk cache lives there, the memory cache in the process.
# Like the peer, the site accepts only the pages' quality unless told otherwise: every quality the
# series use is listed.
site_qualities="[$(echo 75 $IDLE_BURST_QUALITIES $BURST_QUALITIES $COLD_QUALITIES | tr ' ' '\n' | sort -nu | paste -sd,)]"
start_site() {
  SITE_LISTEN="127.0.0.1:$SITE_PORT" SITE_DIST_DIR="$out/dist" SITE_DATA_DIR="$(mktemp -d "$run/data.XXXXXX")" \
    SITE_IMAGES__QUALITIES="$site_qualities" target/release/site 2>>"$run/site.log" >&2 &
  site_pid=$!
  wait_ready "$site_url/healthz" "$site_pid" || die "site server did not start (see bench/out/images-run/site.log)"
}

start_peer() { # on failure says why and drops the peer
  rm -rf "$peer_dir/.next/cache/images"
  (cd "$peer_dir" && NEXT_TELEMETRY_DISABLED=1 exec node_modules/.bin/next start -p "$PEER_PORT" -H 127.0.0.1) >>"$run/peer.log" 2>&1 &
  peer_pid=$!
  if ! wait_ready "$peer_url/" "$peer_pid"; then
    drop_peer "next start did not answer (see bench/out/images-run/peer.log)"
  fi
}

drop_peer() {
  peer_why="$1"
  peer_ok=0
  say "peer dropped: $1"
  stop_peer
}

# GET one image; prints "http_code ms cache content_type". $1 base url, $2 query, $3 a tag naming
# the header file (requests in parallel need their own).
fetch_image() {
  local hdr="$run/headers.$3" result
  result=$(curl -s --max-time 60 -o /dev/null -D "$hdr" -w '%{http_code} %{time_total}' \
    -H "Accept: $ACCEPT" "$1/_next/image?$2" || echo "000 0")
  local cache type
  cache=$(awk -F': *' 'tolower($1) == "x-nextjs-cache" {gsub(/\r/, "", $2); print $2}' "$hdr" 2>/dev/null)
  type=$(awk -F': *' 'tolower($1) == "content-type" {gsub(/\r/, "", $2); print $2}' "$hdr" 2>/dev/null)
  awk -v r="$result" -v c="${cache:--}" -v t="${type:--}" 'BEGIN {split(r, a, " "); printf "%s %.1f %s %s\n", a[1], a[2] * 1000, c, t}'
}

# A measured cold request: must be a fresh WebP rendering. Prints ms; fails when it was not.
cold_ours() {
  local code ms cache type
  read -r code ms cache type < <(fetch_image "$site_url" "$1" ours)
  [ "$code" = 200 ] && [ "$cache" = MISS ] && [ "$type" = image/webp ] \
    || die "ours: $1 answered $code, X-Nextjs-Cache $cache, $type (expected 200 MISS image/webp)"
  echo "$ms"
}
cold_peer() { # prints ms, or drops the peer and prints nothing
  local code ms cache type
  read -r code ms cache type < <(fetch_image "$peer_url" "$1" peer)
  if [ "$code" = 200 ] && [ "$cache" = MISS ] && [ "$type" = image/webp ]; then
    echo "$ms"
  else
    echo "peer: $1 answered $code, X-Nextjs-Cache $cache, $type (expected 200 MISS image/webp)" >"$run/peer-failure"
    return 1
  fi
}
peer_cold_or_drop() { # query outfile
  local ms
  if ms=$(cold_peer "$1"); then echo "$ms" >>"$2"; else drop_peer "$(cat "$run/peer-failure")"; fi
}

start_both() {
  start_site
  if [ "$peer_ok" = 1 ]; then start_peer; fi
}
stop_both() {
  stop_site
  stop_peer
}

# --- 1. Cold resizes, ours and the peer, alternating -------------------------------------------
say "cold: first request after start and one cold w=$COLD_WIDTH q=75, fresh caches"
: >"$run/first-ours" && : >"$run/first-peer" && : >"$run/single-ours" && : >"$run/single-peer"
start_both
cold_ours "url=$ours_src&w=$WARM_QUERY_W&q=75" >>"$run/first-ours"
if [ "$peer_ok" = 1 ]; then peer_cold_or_drop "url=$peer_src&w=$WARM_QUERY_W&q=75" "$run/first-peer"; fi
cold_ours "url=$ours_src&w=$COLD_WIDTH&q=75" >>"$run/single-ours"
if [ "$peer_ok" = 1 ]; then peer_cold_or_drop "url=$peer_src&w=$COLD_WIDTH&q=75" "$run/single-peer"; fi
stop_both

say "cold: 20 sequential w=$COLD_WIDTH resizes, q=$(echo $COLD_QUALITIES | cut -d' ' -f1)..$(echo $COLD_QUALITIES | awk '{print $NF}'), fresh caches"
: >"$run/cold-ours" && : >"$run/cold-peer"
start_both
cold_ours "url=$ours_src&w=$WARM_QUERY_W&q=75" >/dev/null
if [ "$peer_ok" = 1 ]; then peer_cold_or_drop "url=$peer_src&w=$WARM_QUERY_W&q=75" /dev/null; fi
for q in $COLD_QUALITIES; do
  cold_ours "url=$ours_src&w=$COLD_WIDTH&q=$q" >>"$run/cold-ours"
  if [ "$peer_ok" = 1 ]; then peer_cold_or_drop "url=$peer_src&w=$COLD_WIDTH&q=$q" "$run/cold-peer"; fi
done
stop_peer

# --- 2. Cached-hit throughput against the page, our server ---------------------------------------
run_wrk() { # name conns duration url header... -> "rps p99_ms max_ms", wrk's output kept
  local name=$1 conns=$2 duration=$3 url=$4 file
  shift 4
  file="$run/wrk-$name.txt"
  local args=()
  for h in "$@"; do args+=(-H "$h"); done
  wrk -t"$THREADS" -c"$conns" -d"$duration" --latency "${args[@]}" "$url" >"$file"
  if grep -q 'Non-2xx' "$file"; then die "wrk $name: $(grep 'Non-2xx' "$file" | sed 's/^ *//')"; fi
  awk '
    function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } if (v ~ /m$/) { sub(/m/, "", v); return v * 60000 } sub(/s$/, "", v); return v * 1000 }
    /^Requests\/sec/ { rps = $2 }
    $1 == "99%" { p99 = ms($2) }
    $1 == "Latency" && max == "" { max = ms($4) }
    END { printf "%s %.2f %.2f\n", rps, p99, max }' "$file"
}

image_hit_url="$site_url/_next/image?url=$ours_src&w=$COLD_WIDTH&q=75"
read -r code _ cache _ < <(fetch_image "$site_url" "url=$ours_src&w=$COLD_WIDTH&q=75" hit)
[ "$code" = 200 ] && [ "$cache" = HIT ] || die "w=$COLD_WIDTH q=75 should be a cache hit now, got $code $cache"
image_hit_bytes=$(curl -fs --max-time 10 -H "Accept: $ACCEPT" "$image_hit_url" | wc -c)
page_bytes=$(curl -fs --max-time 10 -A "$UA" -H 'Accept-Encoding: gzip' "$site_url$PAGE" | wc -c)

# The same bytes as a plain file, from a second server process: what a response of this size
# costs when nothing is looked up, so the image's own overhead can be told from its size.
static_dir="$out/dist-static"
rm -rf "$static_dir" && cp -r "$out/dist" "$static_dir"
curl -fs --max-time 10 -H "Accept: $ACCEPT" "$image_hit_url" -o "$static_dir/client/bench/hit.webp"
add_to_manifest "$static_dir" bench/hit.webp
SITE_LISTEN="127.0.0.1:$STATIC_PORT" SITE_DIST_DIR="$static_dir" SITE_DATA_DIR="$(mktemp -d "$run/data.XXXXXX")" \
  target/release/site 2>>"$run/static.log" >&2 &
static_pid=$!
static_url="http://127.0.0.1:$STATIC_PORT/next/bench/hit.webp"
wait_ready "$static_url" "$static_pid" || die "static file server did not start (see bench/out/images-run/static.log)"

say "throughput: warming up"
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H "Accept: $ACCEPT" "$image_hit_url" >/dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H "User-Agent: $UA" -H 'Accept-Encoding: gzip' "$site_url$PAGE" >/dev/null
: >"$run/hit.results" && : >"$run/page.results" && : >"$run/static.results"
for round in $(seq "$ROUNDS"); do
  say "throughput round $round/$ROUNDS: image hit"
  run_wrk "hit-$round" "$CONNECTIONS" "$DURATION" "$image_hit_url" "Accept: $ACCEPT" >>"$run/hit.results"
  say "throughput round $round/$ROUNDS: the same bytes as a static file"
  run_wrk "static-$round" "$CONNECTIONS" "$DURATION" "$static_url" >>"$run/static.results"
  say "throughput round $round/$ROUNDS: page"
  run_wrk "page-$round" "$CONNECTIONS" "$DURATION" "$site_url$PAGE" "User-Agent: $UA" 'Accept-Encoding: gzip' >>"$run/page.results"
done

kill "$static_pid" 2>/dev/null || true
wait "$static_pid" 2>/dev/null || true
static_pid=""

# --- 3. Page latency while a burst of cold resizes arrives ---------------------------------------
# Fires 20 cold resizes at once (qualities $1, tag $2) and waits for them. Leaves in
# $run/burst-$2/ one "code ms cache type" file per request and in $run/burst-$2.secs the wall time.
fire_burst() {
  local q start pids=()
  mkdir -p "$run/burst-$2"
  start=$(date +%s.%N)
  for q in $1; do
    fetch_image "$site_url" "url=$ours_src&w=$BURST_WIDTH&q=$q" "burst-$2-$q" >"$run/burst-$2/$q" &
    pids+=($!)
  done
  wait "${pids[@]}" || true  # failures show in the answers, checked below
  awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f\n", b - a}' >"$run/burst-$2.secs"
}
burst_answers() { cat "$run/burst-$1"/* | awk '{print $1" "$3}' | sort | uniq -c | awk '{printf "%s%s %s x%s", sep, $2, $3, $1; sep=", "}'; }
burst_fresh() { cat "$run/burst-$1"/* | awk '$1 == 200 && $3 == "MISS" && $4 == "image/webp"' | wc -l; }
burst_slowest() { cat "$run/burst-$1"/* | awk '{print $2}' | sort -g | tail -1; }

say "latency: page alone, ${LATENCY_DURATION}s"
read -r base_rps base_p99 base_max < <(run_wrk latency-baseline "$LATENCY_CONNECTIONS" "${LATENCY_DURATION}s" \
  "$site_url$PAGE" "User-Agent: $UA" 'Accept-Encoding: gzip')

say "latency: page with 20 cold w=$BURST_WIDTH resizes at once, ${BURST_DELAY}s in"
run_wrk latency-burst "$LATENCY_CONNECTIONS" "${LATENCY_DURATION}s" "$site_url$PAGE" \
  "User-Agent: $UA" 'Accept-Encoding: gzip' >"$run/latency-burst.result" &
wrk_pid=$!
sleep "$BURST_DELAY"
fire_burst "$BURST_QUALITIES" loaded
wait "$wrk_pid" || die "wrk failed during the burst (see bench/out/images-run/wrk-latency-burst.txt)"
read -r burst_rps burst_p99 burst_max <"$run/latency-burst.result"
# Resize workers run at a lower priority than page serving, so under a saturating wrk they may
# finish only after it stops; count how many finished while the page was under load.
burst_in_window=$(cat "$run/burst-loaded"/* | awk -v lim=$(((LATENCY_DURATION - BURST_DELAY) * 1000)) '$2 <= lim' | wc -l)

# The same burst on an idle server (other fresh qualities), to tell the cost of the page load
# from the cost of the resizes themselves.
say "latency: the same burst with no page load"
fire_burst "$IDLE_BURST_QUALITIES" idle
# The same process served the 20 cold resizes, the hit rounds and both bursts.
site_peak_rss=$(awk '/^VmHWM/ {printf "%d", $2 / 1024}' "/proc/$site_pid/status" 2>/dev/null || echo "?")
stop_site

# --- Summary ---------------------------------------------------------------------------------
ours_first=$(median <"$run/first-ours")
ours_single=$(median <"$run/single-ours")
ours_cold=$(median <"$run/cold-ours")
peer_first=$(median <"$run/first-peer")
peer_single=$(median <"$run/single-peer")
peer_cold=$(median <"$run/cold-peer")
# The peer's columns only when its whole series ran: a partial series is not comparable.
peer_n=$(wc -l <"$run/cold-peer")
[ "$peer_ok" = 1 ] && [ "$peer_n" = "$(echo $COLD_QUALITIES | wc -w)" ] || { peer_first=nan; peer_single=nan; peer_cold=nan; }
hit_rps=$(awk '{print $1}' "$run/hit.results" | median)
page_rps=$(awk '{print $1}' "$run/page.results" | median)
hit_p99=$(awk '{print $2}' "$run/hit.results" | median)
page_p99=$(awk '{print $2}' "$run/page.results" | median)
static_rps=$(awk '{print $1}' "$run/static.results" | median)
static_p99=$(awk '{print $2}' "$run/static.results" | median)

cell() { awk -v v="$1" -v f="$2" 'BEGIN {if (v == "nan" || v == "") printf "%10s", "-"; else printf "%10" f, v}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {if (a == "nan" || b == "nan" || a == "" || b == "" || b == 0) printf "%10s", "-"; else printf "%10.2f", a / b}'; }

{
  echo "Image endpoint /_next/image: 3000x2000 PNG source ($((photo_bytes / 1024)) KiB), WebP out (Accept: $ACCEPT)"
  echo "machine: $(nproc) cores, $(uname -r); wrk $(wrk --version 2>&1 | head -1 | awk '{print $2}')"
  if [ "$SKIP_PEER" = 1 ]; then echo "peer: skipped (SKIP_PEER=1)"
  elif [ -n "$peer_why" ]; then echo "peer: not measured: $peer_why"
  else echo "peer: $peer_versions; next start, default image settings"; fi
  echo
  echo "Cold resize, w=$COLD_WIDTH, one request at a time, fresh caches (ms)"
  printf '%-44s %10s %10s %10s\n' '' ours peer peer/ours
  printf '%-44s %s %s %s\n' "first image request after start (w=$WARM_QUERY_W)" "$(cell "$ours_first" .1f)" "$(cell "$peer_first" .1f)" "$(ratio "$peer_first" "$ours_first")"
  printf '%-44s %s %s %s\n' "one cold request, q=75 (after warm-up)" "$(cell "$ours_single" .1f)" "$(cell "$peer_single" .1f)" "$(ratio "$peer_single" "$ours_single")"
  printf '%-44s %s %s %s\n' "median of 20 cold, q=61..80 (after warm-up)" "$(cell "$ours_cold" .1f)" "$(cell "$peer_cold" .1f)" "$(ratio "$peer_cold" "$ours_cold")"
  echo
  echo "Cached hit vs page, our server, wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS alternating rounds, medians"
  printf '%-44s %10s %10s\n' '' 'req/s' 'p99 ms'
  printf '%-44s %10.0f %10.2f\n' "image hit, w=$COLD_WIDTH q=75 ($image_hit_bytes bytes)" "$hit_rps" "$hit_p99"
  printf '%-44s %10.0f %10.2f\n' "page $PAGE, gzip ($page_bytes bytes)" "$page_rps" "$page_p99"
  printf '%-44s %10.0f %10.2f\n' "the same $image_hit_bytes bytes as a static file" "$static_rps" "$static_p99"
  printf '%-44s %s\n' "ratio image/page" "$(ratio "$hit_rps" "$page_rps")"
  printf '%-44s %s\n' "ratio image/static file of the same bytes" "$(ratio "$hit_rps" "$static_rps")"
  echo
  echo "Page $PAGE latency, our server, wrk -t$THREADS -c$LATENCY_CONNECTIONS -d${LATENCY_DURATION}s"
  printf '%-44s %10s %10s %10s\n' '' 'p99 ms' 'max ms' 'req/s'
  printf '%-44s %10.2f %10.2f %10.0f\n' "page alone" "$base_p99" "$base_max" "$base_rps"
  printf '%-44s %10.2f %10.2f %10.0f\n' "20 cold w=$BURST_WIDTH resizes at ${BURST_DELAY}s" "$burst_p99" "$burst_max" "$burst_rps"
  echo "burst under page load: $(cat "$run/burst-loaded.secs") s in all, slowest $(burst_slowest loaded) ms, $burst_in_window of 20 done within the wrk run; answers: $(burst_answers loaded)"
  echo "same burst, no page load: $(cat "$run/burst-idle.secs") s in all, slowest $(burst_slowest idle) ms; answers: $(burst_answers idle)"
  echo "peak RSS of our server over the cold series, the hit rounds and both bursts: $site_peak_rss MiB"
  echo
  echo "per request (ms): ours cold: $(tr '\n' ' ' <"$run/cold-ours")"
  if [ -s "$run/cold-peer" ]; then echo "per request (ms): peer cold: $(tr '\n' ' ' <"$run/cold-peer")"; fi
  echo "per round (req/s p99ms maxms): hit: $(tr '\n' ';' <"$run/hit.results") page: $(tr '\n' ';' <"$run/page.results") static: $(tr '\n' ';' <"$run/static.results")"
} | tee "$run/summary.txt"

for tag in loaded idle; do
  fresh=$(burst_fresh "$tag")
  if [ "$fresh" != 20 ]; then say "warning: only $fresh of 20 $tag burst requests were fresh WebP renderings"; fi
done
exit 0
