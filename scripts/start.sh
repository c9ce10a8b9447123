#!/usr/bin/env bash
# Runs the shop from a fresh clone: installs, makes sure MySQL, Redis and ffmpeg are
# there, builds, migrates, seeds the demo catalogue once, and starts the web server
# and the media worker as two processes, restarting either when it dies
# (scripts/supervise.ts). Ctrl-C stops both. Everything runs on the Node.js of
# .node-version (scripts/node.sh) and, after the build, on built JavaScript.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node.sh

# Local settings: .env (git-ignored) keeps a generated session secret between runs.
if [ ! -f .env ]; then
  echo "SESSION_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("base64url"))')" > .env
fi
# Values already in the environment win over .env (as dotenv does).
given_env=$(export -p)
set -a; . ./.env; set +a
eval "$given_env"
mkdir -p .data

# Before NODE_ENV=production: the install must include the build tools (devDependencies).
bash scripts/ensure-services.sh
export NODE_ENV=production

node_modules/.bin/remix vite:build > .data/build.log 2>&1 || { cat .data/build.log; exit 1; }
node build/server/migrate.js

node build/server/supervise.js &
supervisor=$!

stop() {
  trap - INT TERM
  kill -TERM "$supervisor" 2> /dev/null || true
  wait "$supervisor" 2> /dev/null || true
  exit "${1:-0}"
}
trap stop INT TERM

# The seed queues its uploads; the running worker turns them into images and clips.
# An interrupted seed is finished by the next start (scripts/seed/index.ts).
node build/server/seed.js || stop 1

port="${PORT:-3000}"
cat <<MSG

  Dokra shop running at ${PUBLIC_URL:-http://localhost:$port}
  Admin:   ${PUBLIC_URL:-http://localhost:$port}/admin
           ${ADMIN_EMAIL:-admin@dokra.local} / ${ADMIN_PASSWORD:-dokra-admin-2026}
  (demo credentials; set ADMIN_EMAIL / ADMIN_PASSWORD in .env, or: npm run admin -- reset-password <email>)
  Ctrl-C stops the web server and the worker.

MSG
wait "$supervisor"
