#!/usr/bin/env bash
# Makes sure what the shop needs is here: Node packages, ffmpeg (and Chromium for
# tests), MySQL/MariaDB and Redis reachable at the configured URLs. What is missing
# is installed from Debian's packages (when we are root) or started from installed
# binaries with data under .data/; otherwise it says exactly what to do.
#
#   bash scripts/ensure-services.sh [--for-tests]
set -euo pipefail
cd "$(dirname "$0")/.."

for_tests=false
[ "${1:-}" = "--for-tests" ] && for_tests=true

say() { printf '\033[1;33m[setup]\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m[setup]\033[0m %s\n' "$*" >&2; exit 1; }

DATABASE_URL="${DATABASE_URL:-mysql://root@127.0.0.1:3306/dokra}"
REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
db_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname)' "$DATABASE_URL")
db_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||3306)' "$DATABASE_URL")
redis_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname)' "$REDIS_URL")
redis_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||6379)' "$REDIS_URL")
local_host() { [ "$1" = "127.0.0.1" ] || [ "$1" = "localhost" ]; }

apt_updated=false
apt_install() {
  if [ "$(id -u)" != "0" ] || ! command -v apt-get > /dev/null; then
    return 1
  fi
  if [ "$apt_updated" = false ]; then
    say "apt-get update"
    apt-get update -qq > /dev/null
    apt_updated=true
  fi
  say "installing $* from Debian's packages"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" > /dev/null
}

# --- Node packages -----------------------------------------------------------
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 24 ] || fail "Node.js 24 is needed (found $(node -v)): run through npm start / npm test, which bring it (scripts/node.sh)."
# Installed when package-lock.json changed since the last install (a pull) or when a package
# of package.json is missing or at another version (an install cut short, or one without
# devDependencies).
packages_missing() { node -e '
  const fs = require("fs");
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8"));
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  const missing = Object.entries(wanted).filter(([name, version]) => {
    try { return JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, "utf8")).version !== version; }
    catch { return true; }
  });
  process.exit(missing.length ? 0 : 1);'; }
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] || packages_missing; then
  say "installing Node packages (npm install, honouring package-lock.json)"
  # npm install, not npm ci: it honours the lockfile and keeps what is already installed.
  # --include=dev: the build tools are devDependencies, and NODE_ENV=production would leave them out.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --include=dev --no-audit --no-fund --loglevel=error
fi
# The patches of patches/ (patches/README.md) must be in node_modules: an install that skipped
# its postinstall script leaves the packages as shipped. Applied again when missing.
patches_missing() { node --input-type=module -e '
  const { unappliedPatches } = await import("./scripts/patches.ts");
  const missing = unappliedPatches(process.cwd());
  for (const p of missing) console.error(`${p.patch} is not applied to ${p.file}`);
  process.exit(missing.length ? 0 : 1);'; }
if patches_missing; then
  say "applying the patches of patches/ (patch-package)"
  node_modules/.bin/patch-package > /dev/null
  ! patches_missing || fail "the patches of patches/ do not apply to the installed packages (see patches/README.md)."
fi

# --- ffmpeg (and Chromium for the browser tests) -----------------------------
if ! command -v ffmpeg > /dev/null || ! command -v ffprobe > /dev/null; then
  apt_install ffmpeg || fail "ffmpeg is missing: install it (Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg)."
fi
if [ "$for_tests" = true ] && [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  apt_install chromium || fail "Chromium is missing for the browser tests: apt-get install chromium (or set CHROMIUM_PATH)."
fi
# A phone's own Bengali and Devanagari fonts (Android's Noto UI ones): the font tests check that
# nothing moves when the shop's web font replaces them, as it does on a phone.
if [ "$for_tests" = true ] && command -v fc-list > /dev/null && { [ -z "$(fc-list :lang=bn)" ] || [ -z "$(fc-list :lang=hi)" ]; }; then
  apt_install fonts-noto-ui-core || fail "Bengali and Devanagari system fonts are missing for the browser tests: apt-get install fonts-noto-ui-core."
fi

# --- MySQL / MariaDB ---------------------------------------------------------
mysql_up() { node -e '
  const m = require("mysql2/promise");
  m.createConnection({ uri: process.argv[1].replace(/\/[^/]*$/, "/"), connectTimeout: 2000 })
    .then(c => c.end()).then(() => process.exit(0), () => process.exit(1));' "$DATABASE_URL"; }

wait_for() { # name, check-function
  for _ in $(seq 1 60); do "$2" && return 0; sleep 0.5; done
  return 1
}

if ! mysql_up; then
  local_host "$db_host" || fail "MySQL at $db_host:$db_port is not reachable; start it or fix DATABASE_URL."
  if ! command -v mariadbd > /dev/null && ! command -v mysqld > /dev/null; then
    apt_install mariadb-server || fail "No MySQL/MariaDB here: install mariadb-server (or MySQL 8) or use docker compose."
  fi
  server=$(command -v mariadbd || command -v mysqld)
  if [ -d /var/lib/mysql/mysql ] && [ "$(id -u)" = "0" ] && [ "$db_port" = "3306" ]; then
    say "starting the installed MariaDB service"
    mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2> /dev/null || true
    start-stop-daemon --start --oknodo --background --exec "$server"
  else
    # A private server with its data under .data/mysql, root without a password on loopback only.
    datadir="$PWD/.data/mysql"
    # Its own tmpdir: a starting mariadbd deletes every #sql* file in its tmpdir, which at
    # /tmp would include the temporary tables of any other MySQL on this machine.
    tmpdir="$PWD/.data/mysql-tmp"
    mkdir -p "$tmpdir"
    if [ ! -d "$datadir/mysql" ]; then
      say "initialising a MariaDB data folder in $datadir"
      mkdir -p "$datadir"
      mariadb-install-db --no-defaults --datadir="$datadir" --tmpdir="$tmpdir" --auth-root-authentication-method=normal \
        ${SUDO_USER:+--user="$(id -un)"} > "$PWD/.data/mysql-init.log" 2>&1 \
        || fail "mariadb-install-db failed; see .data/mysql-init.log"
    fi
    say "starting MariaDB on 127.0.0.1:$db_port with data in $datadir"
    nohup "$server" --no-defaults --datadir="$datadir" --tmpdir="$tmpdir" --socket="$datadir/mysqld.sock" \
      --bind-address=127.0.0.1 --port="$db_port" --pid-file="$datadir/mysqld.pid" \
      $([ "$(id -u)" = "0" ] && echo --user=root) > "$PWD/.data/mysql.log" 2>&1 &
  fi
  wait_for MySQL mysql_up || fail "MySQL did not come up at $db_host:$db_port (see .data/mysql.log)."
fi

# --- Redis --------------------------------------------------------------------
redis_up() { node -e '
  const net = require("net"); const s = net.connect(+process.argv[2], process.argv[1]);
  s.setTimeout(2000); s.on("connect", () => s.write("PING\r\n"));
  s.on("data", d => process.exit(String(d).startsWith("+PONG") ? 0 : 1));
  s.on("error", () => process.exit(1)); s.on("timeout", () => process.exit(1));' "$redis_host" "$redis_port"; }

if ! redis_up; then
  local_host "$redis_host" || fail "Redis at $redis_host:$redis_port is not reachable; start it or fix REDIS_URL."
  command -v redis-server > /dev/null || apt_install redis-server || fail "No Redis here: install redis-server (7.x) or use docker compose."
  mkdir -p .data/redis
  say "starting Redis on 127.0.0.1:$redis_port with data in .data/redis (AOF on, noeviction)"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$redis_port" --dir "$PWD/.data/redis" \
    --appendonly yes --maxmemory-policy noeviction --logfile "$PWD/.data/redis/redis.log"
  wait_for Redis redis_up || fail "Redis did not come up at $redis_host:$redis_port."
fi

say "ready: Node packages, ffmpeg, MySQL at $db_host:$db_port, Redis at $redis_host:$redis_port"
