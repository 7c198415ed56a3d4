#!/usr/bin/env bash
# Editing mode's speed: starts scripts/dev's builder (web/scripts/dev.mjs) over a copy of
# content/, then edits a page's TOML ROUNDS times and measures each save until the server answers
# the page with the new text (the open tab reloads one round trip later; the browser test
# e2e/specs/dev.spec.ts prints that whole figure too). Prints every round and the median.
#   bench/dev-edit.sh            (after scripts/build; ROUNDS=7 PORT=18790 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${ROUNDS:-7}"
port="${PORT:-18790}"
work="$(mktemp -d /tmp/site-dev-bench.XXXXXX)"
cp -a content "$work/content"
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
  python3 - "$file" "$text" <<'PY'
import re, sys
path, text = sys.argv[1], sys.argv[2]
source = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write(re.sub(r'^heading = ".*"$', f'heading = "{text}"', source, count=1, flags=re.M))
PY
  until curl -s "http://127.0.0.1:$port/next/map" | grep -q "$text"; do sleep 0.02; done
  ms=$(( ($(date +%s%N) - started) / 1000000 ))
  times+=("$ms")
  echo "round $round: edit -> served in $ms ms"
  sleep 1
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print "median: " a[int((NR+1)/2)] " ms over " NR " edits"}'
# Where the time went: the builder's rebuild and the server's reload, per edit.
grep -a "pages rebuilt in" "$work/dev.log" | tail -n "$rounds" | sed 's/.*rebuilt in /rebuild: /' | tr '\n' ' '; echo
grep -a "reloaded\|bodies ready" "$work/dev.log" | tail -n 4 | sed "s/\x1b\[[0-9;]*m//g"
