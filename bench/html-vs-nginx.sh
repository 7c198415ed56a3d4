#!/usr/bin/env bash
# Benchmark: HTML throughput of the site server against nginx serving the same pre-rendered,
# pre-gzipped bytes (body and security headers), on loopback, with wrk at 64 connections.
# Rounds alternate between the two servers (the machine is shared and noisy) and medians are
# reported with their ratio, each server's CPU time per request (steadier than throughput when
# wrk shares the two cores), and the site server's peak RSS during its runs.
#
#   bench/html-vs-nginx.sh                 # 3 rounds of 10 s each per server
#   ROUNDS=5 DURATION=15s bench/html-vs-nginx.sh
#   NGINX_SENDFILE=on bench/html-vs-nginx.sh   # nginx with sendfile and tcp_nopush
#
# Installs nginx-light and wrk from Debian when missing (needs root). Targets 127.0.0.1 only;
# each wrk run is bounded by DURATION.
set -euo pipefail
source "$(dirname "$0")/../scripts/lib.sh"
cd "$repo_root"

ROUNDS="${ROUNDS:-3}"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"
SITE_PORT="${SITE_PORT:-18080}"
NGINX_PORT="${NGINX_PORT:-18081}"
PAGE="${PAGE:-/next/}"
# nginx's two usual settings: off (its fastest here, see below) or on (Debian's default).
NGINX_SENDFILE="${NGINX_SENDFILE:-off}"
UA='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
# Its own folder under bench/out: the image benchmark keeps its installs beside it.
out="$repo_root/bench/out/html-vs-nginx"

if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ] || ! command -v wrk >/dev/null; then
  [ "$(id -u)" = 0 ] || die "nginx and wrk are needed: apt-get install nginx-light wrk"
  say "installing nginx-light and wrk"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light wrk >/dev/null
fi
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"

[ -x target/release/site ] && [ -f dist/manifest.json ] || scripts/build

rm -rf "$out" && mkdir -p "$out/www/next" "$out/nginx"
site_pid=""
nginx_pid=""
cleanup() {
  [ -n "$site_pid" ] && kill "$site_pid" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap cleanup EXIT

say "starting the site server on 127.0.0.1:$SITE_PORT"
SITE_LISTEN="127.0.0.1:$SITE_PORT" SITE_DATA_DIR="$out/data" target/release/site 2>"$out/site.log" &
site_pid=$!
wait_ready "http://127.0.0.1:$SITE_PORT/healthz" "$site_pid" 10 || die "site server did not start (see $out/site.log)"
# The server answers at once with quickly compressed bodies and compresses them again at best
# over the next seconds: nginx must get the bytes the site sends once that is done.
say "waiting for the site server to compress its bodies at best"
for _ in $(seq 600); do
  grep -q "compressed at best" "$out/site.log" && break
  sleep 0.1
done
grep -q "compressed at best" "$out/site.log" || die "the site server did not finish compressing (see $out/site.log)"

# nginx gets exactly the bytes the site server sends: the composed page and its gzip encoding.
curl -fs -A "$UA" -H 'Accept-Encoding: identity' "http://127.0.0.1:$SITE_PORT$PAGE" -o "$out/www/next/index.html"
curl -fs -A "$UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SITE_PORT$PAGE" -o "$out/www/next/index.html.gz"
gzip -t <"$out/www/next/index.html.gz" || die "the site server did not send gzip"
# And the headers nginx would not send by itself: the security headers and the pages' policy
# (about 700 of the site's 971 header bytes), so both answers weigh the same on the wire.
extra_headers=$(curl -fs -D - -o /dev/null -A "$UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SITE_PORT$PAGE" |
  tr -d '\r' | awk -F': ' 'tolower($1) ~ /^(content-security-policy|x-content-type-options|x-frame-options|permissions-policy|referrer-policy|cross-origin-opener-policy|strict-transport-security)$/ {
    printf "      add_header %s \"%s\";\n", $1, substr($0, length($1) + 3) }')

cat >"$out/nginx/nginx.conf" <<NGINX
worker_processes auto;
daemon off;
pid $out/nginx/nginx.pid;
error_log $out/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  # nginx at its fastest for a small page, so the comparison does not flatter us. Without the
  # open-file cache it opens and stats index.html and index.html.gz on every request. With
  # sendfile and tcp_nopush it makes 5.25 syscalls per request here (TCP_CORK on and off,
  # sendfile, writev, recvfrom; strace -c); without them, 3.25.
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  sendfile $NGINX_SENDFILE;
  tcp_nopush $NGINX_SENDFILE;
  tcp_nodelay on;
  keepalive_requests 1000000;
  keepalive_timeout 65;
  client_body_temp_path $out/nginx/tmp;
  types { text/html html; }
  server {
    listen 127.0.0.1:$NGINX_PORT;
    root $out/www;
    location /next/ {
      gzip_static on;
      etag on;
      index index.html;
      add_header Cache-Control "public, max-age=60, must-revalidate";
      add_header Vary "User-Agent, Accept-Encoding";
$extra_headers
    }
  }
}
NGINX
mkdir -p "$out/nginx/tmp"
say "starting nginx on 127.0.0.1:$NGINX_PORT ($("$NGINX" -v 2>&1 | sed 's/.*: //'))"
"$NGINX" -c "$out/nginx/nginx.conf" -e "$out/nginx/error.log" &
nginx_pid=$!
for _ in $(seq 50); do
  curl -fs "http://127.0.0.1:$NGINX_PORT$PAGE" >/dev/null && break
  sleep 0.1
done
nginx_len=$(curl -fs -A "$UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT$PAGE" | wc -c)
site_len=$(curl -fs -A "$UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SITE_PORT$PAGE" | wc -c)
[ "$nginx_len" = "$site_len" ] || die "nginx sends $nginx_len bytes, the site server $site_len: not the same page"
header_bytes() { curl -fs -D - -o /dev/null -A "$UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$1$PAGE" | wc -c; }
say "header bytes: site $(header_bytes "$SITE_PORT"), nginx $(header_bytes "$NGINX_PORT")"

# Peak resident memory of the site server while wrk runs, in KiB.
watch_rss() {
  local peak=0 rss
  while kill -0 "$site_pid" 2>/dev/null && [ -f "$out/.sampling" ]; do
    rss=$(awk '/^VmRSS/ {print $2}' "/proc/$site_pid/status" 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$peak" ] && peak=$rss
    sleep 0.2
  done
  echo "$peak"
}

# CPU ticks (1/100 s) used so far by processes $@ (the server; nginx's master and workers).
cpu_ticks() {
  local total=0 pid
  for pid in "$@"; do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo "$total"
}

run_wrk() { # name port pids... -> "rps p99_ms cpu_us_per_request"
  local name=$1 port=$2
  shift 2
  local before after
  before=$(cpu_ticks "$@")
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
    -H "User-Agent: $UA" -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port$PAGE" >"$out/wrk-$name-$round.txt"
  after=$(cpu_ticks "$@")
  local rps p99 requests
  rps=$(awk '/^Requests\/sec/ {print $2}' "$out/wrk-$name-$round.txt")
  p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' "$out/wrk-$name-$round.txt")
  requests=$(awk '/requests in/ {print $1}' "$out/wrk-$name-$round.txt")
  echo "$rps $p99 $(awk -v t=$((after - before)) -v n="$requests" 'BEGIN {printf "%.2f", t * 10000 / n}')"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

say "warming up"
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$SITE_PORT$PAGE" >/dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d2s -H 'Accept-Encoding: gzip' "http://127.0.0.1:$NGINX_PORT$PAGE" >/dev/null

: >"$out/site.results"
: >"$out/nginx.results"
peak_rss=0
for round in $(seq "$ROUNDS"); do
  say "round $round/$ROUNDS: nginx"
  run_wrk nginx "$NGINX_PORT" "$nginx_pid" $(pgrep -P "$nginx_pid") >>"$out/nginx.results"
  say "round $round/$ROUNDS: site server"
  touch "$out/.sampling"
  watch_rss >"$out/rss-$round" &
  sampler=$!
  run_wrk site "$SITE_PORT" "$site_pid" >>"$out/site.results"
  rm -f "$out/.sampling"
  wait "$sampler"
  rss=$(cat "$out/rss-$round")
  [ "$rss" -gt "$peak_rss" ] && peak_rss=$rss
done

site_rps=$(awk '{print $1}' "$out/site.results" | median)
nginx_rps=$(awk '{print $1}' "$out/nginx.results" | median)
site_p99=$(awk '{print $2}' "$out/site.results" | median)
nginx_p99=$(awk '{print $2}' "$out/nginx.results" | median)
ratio=$(awk -v a="$site_rps" -v b="$nginx_rps" 'BEGIN {printf "%.2f", a/b}')
site_cpu=$(awk '{print $3}' "$out/site.results" | median)
nginx_cpu=$(awk '{print $3}' "$out/nginx.results" | median)

{
  echo "HTML throughput, $PAGE ($site_len bytes gzipped), wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS alternating rounds, medians"
  echo "machine: $(nproc) cores, $(uname -r); nginx $("$NGINX" -v 2>&1 | sed 's/.*\///') (sendfile $NGINX_SENDFILE)"
  printf '%-14s %14s %10s %18s\n' server 'requests/s' 'p99 ms' 'CPU us/request'
  printf '%-14s %14.0f %10.2f %18.2f\n' site "$site_rps" "$site_p99" "$site_cpu"
  printf '%-14s %14.0f %10.2f %18.2f\n' nginx "$nginx_rps" "$nginx_p99" "$nginx_cpu"
  echo "ratio site/nginx: $ratio (requests/s); CPU per request site/nginx: $(awk -v a="$site_cpu" -v b="$nginx_cpu" 'BEGIN {printf "%.2f", a/b}')"
  echo "site server peak RSS during its runs: $((peak_rss / 1024)) MiB"
  echo "per round (requests/s p99ms CPU-us/request): site: $(tr '\n' ';' <"$out/site.results") nginx: $(tr '\n' ';' <"$out/nginx.results")"
} | tee "$out/summary.txt"
