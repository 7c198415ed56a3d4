# Shared by scripts/*: installs what a step needs, once, and says what it is doing.
# Sourced, not run.

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

require_tools() {
  command -v cargo >/dev/null || die "cargo not found: install Rust stable (https://rustup.rs)"
  command -v node >/dev/null || die "node not found: install Node.js 20.19 or later"
  command -v npm >/dev/null || die "npm not found: install Node.js with npm"
  node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
    || die "Node $(node -v) is too old: Vite 8 needs Node 20.19 or later"
}

# npm ci in $1 when its package-lock.json (or the Node major version) changed since last time.
ensure_npm_deps() {
  local dir="$repo_root/$1"
  local want stamp="$dir/node_modules/.installed-from"
  want="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)-node$(node -p 'process.versions.node.split(".")[0]')"
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    say "installing npm packages in $1/"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed in $1/"
    echo "$want" >"$stamp"
  fi
}

# Debian's Chromium for browser tests; nothing downloads a browser of its own.
ensure_chromium() {
  if [ -x "${CHROME_PATH:-/usr/bin/chromium}" ]; then return; fi
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
    || die "Chromium is missing: install Debian's chromium package (apt-get install chromium fonts-noto-cjk) or set CHROME_PATH"
  say "installing Debian's chromium and CJK fonts (1-3 minutes)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fonts-liberation >/dev/null \
    || die "apt-get install chromium failed"
}

build_web() {
  ensure_npm_deps web
  say "building pages: content/ -> dist/"
  (cd "$repo_root/web" && node scripts/build.mjs) || die "web build failed (see the messages above)"
}

build_server() {
  say "building the server (release)"
  (cd "$repo_root" && cargo build --release --locked --bin site) || die "cargo build failed"
}
