#!/bin/bash
# usage: ./render.sh slug [slug ...]
# Rasterises ../<slug>.svg to ../../<slug>.png (1600x1200) with headless Chromium, then compresses it with pngquant.
set -e
here=$(cd "$(dirname "$0")" && pwd)
tmpdir=$(mktemp -d)
trap 'rm -rf "$tmpdir"' EXIT
for slug in "$@"; do
  out=$(cd "$here/../.." && pwd)/$slug.png
  raw=$tmpdir/raw_$slug.png
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --window-size=1600,1200 --screenshot="$raw" "file://$(cd "$here/.." && pwd)/$slug.svg" >/dev/null 2>&1
  pngquant --force --quality=70-95 --speed 1 --output "$out" "$raw" || cp "$raw" "$out"
  python3 - "$out" <<'PY'
import struct, sys, os
f = sys.argv[1]; b = open(f, 'rb').read(24)
w, h = struct.unpack('>II', b[16:24]); print(f, w, h, os.path.getsize(f) // 1024, 'KB')
PY
done
