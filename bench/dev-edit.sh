#!/usr/bin/env bash
# Editing mode's speed: starts scripts/dev's builder (web/scripts/dev.mjs) over a copy of
# content/, then edits a page's TOML ROUNDS times and measures each save until the server answers
# the page with the new text (the open tab reloads one round trip later; the browser test
# e2e/specs/dev.spec.ts prints that whole figure too). Prints every round and the median; a save
# not served within 15 s counts as missed. SAVE=rename saves as atomic-save editors do (vim,
# sed -i): a new file renamed over the old one.
#   bench/dev-edit.sh            (after scripts/build; ROUNDS=7 PORT=18790 SAVE=write by default)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-7}"
port="${PORT:-18790}"
save="${SAVE:-write}"
work="$(mktemp -d /tmp/site-dev-bench.XXXXXX)"
cp -a content "$work/content"
# The venue check scripts/dev hands the builder (scripts/lib.sh): without it every rebuild asked
# cargo to run the check, about 0.2 s more than an editor waits.
export CHECK_VENUE_BIN="$PWD/target/release/check-venue"
[ -x "$CHECK_VENUE_BIN" ] || { echo "no $CHECK_VENUE_BIN: run scripts/build first" >&2; exit 1; }
(cd web && exec node scripts/dev.mjs --listen "127.0.0.1:$port" --content "$work/content" \
  --dist "$work/dist" --data "$work/data") >"$work/dev.log" 2>&1 &
dev=$!
trap 'kill "$dev" 2>/dev/null; wait "$dev" 2>/dev/null; rm -rf "$work"' EXIT
until grep -q "serving http" "$work/dev.log"; do
  kill -0 "$dev" 2>/dev/null || { cat "$work/dev.log"; exit 1; }
  sleep 0.5
done
until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; do sleep 0.2; done
file="$work/content/pages/map.toml"
times=()
for round in $(seq 1 "$rounds"); do
  text="室内地图服务 第${round}版"
  started=$(date +%s%N)
  python3 - "$file" "$text" "$save" <<'PY'
import os, re, sys
path, text, save = sys.argv[1:4]
source = open(path, encoding="utf-8").read()
edited = re.sub(r'^heading = ".*"$', f'heading = "{text}"', source, count=1, flags=re.M)
target = path + ".tmp" if save == "rename" else path
open(target, "w", encoding="utf-8").write(edited)
if save == "rename":
    os.replace(target, path)
PY
  missed=1
  while (( $(date +%s%N) - started < 15000000000 )); do
    if curl -s "http://127.0.0.1:$port/next/map" | grep -q "$text"; then missed=0; break; fi
    sleep 0.02
  done
  ms=$(( ($(date +%s%N) - started) / 1000000 ))
  if [ "$missed" = 1 ]; then
    misses=$((${misses:-0} + 1))
    echo "round $round: edit not served after $ms ms (missed)"
  else
    times+=("$ms")
    echo "round $round: edit -> served in $ms ms"
  fi
  sleep 1
done
echo "saves (SAVE=$save) missed: ${misses:-0} of $rounds"
[ "${#times[@]}" -gt 0 ] && printf '%s\n' "${times[@]}" | sort -n |
  awk '{a[NR]=$1} END {print "median: " a[int((NR+1)/2)] " ms over " NR " edits"}'
# Where the time went: the builder's rebuild and the server's reload, per edit.
grep -a "pages rebuilt in" "$work/dev.log" | tail -n "$rounds" | sed 's/.*rebuilt in /rebuild: /' | tr '\n' ' '; echo
grep -a "reloaded\|bodies ready" "$work/dev.log" | tail -n 4 | sed "s/\x1b\[[0-9;]*m//g"
