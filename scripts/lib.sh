# Shared by scripts/*: installs what a step needs, once, and says what it is doing.
# Sourced, not run.

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Each line carries the seconds since the script started, so a slow step shows in CI's log.
say() { printf '\033[1m==> [%ss] %s\033[0m\n' "$SECONDS" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The CPU time the machine's cores have been busy since it started, seconds (/proc/stat's user,
# nice, system, irq, softirq and steal); nothing where there is no /proc/stat.
busy_cpu_seconds() {
  [ -r /proc/stat ] || return 0
  awk -v hz="$(getconf CLK_TCK)" '/^cpu /{ printf "%.0f\n", ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat
}

# Waits until `url` answers: 0 once it does; 1 after `seconds` (default 30), or at once when
# process `pid` has exited.
wait_ready() { # url pid [seconds]
  for _ in $(seq $(( ${3:-30} * 10 ))); do
    curl -fs --max-time 1 "$1" >/dev/null 2>&1 && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# Stops `pid` and every process it started, so that a failed step leaves nothing running: `kill`
# of a background shell (`step &`, `( ... ) &`) leaves the cargo or Chromium it started running.
stop_tree() { # pid
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

# Raises this shell's open-files limit to its hard limit; dies unless that leaves room for
# `needed` descriptors (and 512 for everything else), naming `what` needs them.
raise_open_files() { # needed what
  ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
  [ "$(ulimit -n)" -gt $(( $1 + 512 )) ] || die "open-files limit $(ulimit -n) is too low for $2"
}

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

has_nextest() { cargo nextest --version >/dev/null 2>&1; }

# The venue check (server/venues/src/check/) the web build and the generator ask whether
# content/venues/ is valid: built once here and handed to them as CHECK_VENUE_BIN, so neither
# waits on cargo's lock while the server compiles beside them. Not a SITE_ variable: the server
# inherits the environment and refuses SITE_ variables it does not know.
venue_check_bin="$repo_root/target/release/check-venue"
build_venue_check() {
  say "building the venue check (release)"
  # --workspace: the features of the whole workspace, so what it compiles (serde, serde_json,
  # site-venues) is what the server's build reuses; `-p site-venues` alone built them twice.
  (cd "$repo_root" && cargo build --release --locked --workspace --bin check-venue) \
    || die "cargo build of check-venue failed"
  export CHECK_VENUE_BIN="$venue_check_bin"
}

# The build scripts/test makes (Cargo.toml's `suite` profile, in target/suite/): compiled through
# clippy-driver, as `cargo clippy` does, but with code generation, so that one compile both
# lints (warnings denied) and builds what the tests run; a separate `cargo clippy` checked every
# dependency a second time. RUSTFLAGS reaches our crates only: cargo caps the lints of
# dependencies. Both variables are part of the build's fingerprint, so every call sets the same.
suite_dir="$repo_root/target/suite"
suite_cargo() { # build|test|nextest-run|nextest-list [args...]
  local command=("$1" --profile suite)
  [ "$1" = nextest-run ] && command=(nextest run --cargo-profile suite)
  [ "$1" = nextest-list ] && command=(nextest list --cargo-profile suite)
  shift
  (cd "$repo_root" && RUSTC_WORKSPACE_WRAPPER=clippy-driver RUSTFLAGS="-D warnings" \
    cargo "${command[@]}" --locked "$@")
}

build_web() {
  ensure_npm_deps web
  [ -n "${CHECK_VENUE_BIN:-}" ] || build_venue_check
  say "building pages: content/ -> dist/"
  (cd "$repo_root/web" && node scripts/build.mjs) || die "web build failed (see the messages above)"
}

build_server() {
  say "building the server (release)"
  (cd "$repo_root" && cargo build --release --locked --bin site) || die "cargo build failed"
}

# A throwaway PostgreSQL server for the tests that run the enquiry store on PostgreSQL
# (issue #6). Exports SITE_TEST_POSTGRES_URL (a superuser URL; each test creates its own
# database) and stops the server when the calling script exits. An already exported
# SITE_TEST_POSTGRES_URL is used as it is. Installs Debian's postgresql package when run as
# root; elsewhere, without it, the PostgreSQL variants of those tests are skipped (said loudly).
ensure_postgres() {
  if [ -n "${SITE_TEST_POSTGRES_URL:-}" ]; then return; fi
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  if [ -z "$bin" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      say "installing Debian's postgresql (1-2 minutes)"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null \
        || die "apt-get install postgresql failed"
      bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
    else
      say "PostgreSQL is not installed: the enquiry tests run on SQLite only (install Debian's postgresql package, or set SITE_TEST_POSTGRES_URL)"
      return
    fi
  fi
  # initdb refuses to run as root: the cluster belongs to the postgres user when we are root.
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "the postgres system user is missing (reinstall Debian's postgresql package)"
    run_as=(runuser -u postgres --)
  fi
  pg_dir="$(mktemp -d /tmp/site-test-postgres.XXXXXX)"
  [ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
  local port
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  say "starting a throwaway PostgreSQL on 127.0.0.1:$port ($pg_dir)"
  "${run_as[@]}" "$bin/initdb" -D "$pg_dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$pg_dir/initdb.log" 2>&1 \
    || die "initdb failed: $(cat "$pg_dir/initdb.log")"
  "${run_as[@]}" "$bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir -c fsync=on -c max_connections=200" start >/dev/null \
    || die "PostgreSQL did not start: $(cat "$pg_dir/server.log")"
  pg_stop=("${run_as[@]}" "$bin/pg_ctl" -D "$pg_dir/data" -m fast stop)
  trap 'stop_postgres' EXIT
  export SITE_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

stop_postgres() {
  if [ -n "${pg_dir:-}" ]; then
    "${pg_stop[@]}" >/dev/null 2>&1 || true
    rm -rf "$pg_dir"
  fi
}

# Debian's nginx-light in front of two servers for the replicas test (issue #16;
# server/tests/api/replicas.rs). Exports SITE_TEST_NGINX, the binary; an exported one is used as
# it is. Installs the package when run as root; elsewhere, without it, that test is skipped
# (said loudly). nginx-light has the proxy and upstream modules the deployment uses (built in,
# not optional); the package's own service is not started.
ensure_nginx() {
  if [ -n "${SITE_TEST_NGINX:-}" ]; then return; fi
  if ! [ -x /usr/sbin/nginx ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      say "installing Debian's nginx-light (under a minute)"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq && apt-get install -y -qq --no-install-recommends nginx-light >/dev/null \
        || die "apt-get install nginx-light failed"
    else
      say "nginx is not installed: the replicas test behind nginx is skipped (install Debian's nginx-light, or set SITE_TEST_NGINX)"
      return
    fi
  fi
  ! /usr/sbin/nginx -V 2>&1 | grep -qE -- '--without-http_(proxy|upstream_keepalive)_module' \
    || die "this nginx lacks the proxy or upstream keepalive module the deployment uses"
  export SITE_TEST_NGINX=/usr/sbin/nginx
}
