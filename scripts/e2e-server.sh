#!/usr/bin/env bash
# The server the end-to-end tests drive: the production build on a fresh database,
# seeded through the real queue and worker, with web and worker as separate processes.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/node.sh

export NODE_ENV=production
export PORT="${E2E_PORT:-3210}"
export PUBLIC_URL="http://localhost:${PORT}"
# Everything is per port, so two runs on one machine never share state.
export DATABASE_URL="mysql://root@127.0.0.1:3306/dokra_e2e_${PORT}"
export QUEUE_PREFIX="dokra_e2e_${PORT}"
export STORAGE_DIR="$PWD/.data/e2e-${PORT}/storage"
export BACKUP_DIR="$PWD/.data/e2e-${PORT}/backups"
export SESSION_SECRET=e2e-session-secret-not-for-production
export LOG_LEVEL="${LOG_LEVEL:-warn}"

export BUILD_DIR="${BUILD_DIR:-build}"
[ -f "$BUILD_DIR/server/web.js" ] || node_modules/.bin/remix vite:build

node "$BUILD_DIR/server/reset-db.js"
rm -rf "$STORAGE_DIR" "$BACKUP_DIR"
redis-cli -u "${REDIS_URL:-redis://127.0.0.1:6379}" --scan --pattern "${QUEUE_PREFIX}:*" | xargs -r redis-cli -u "${REDIS_URL:-redis://127.0.0.1:6379}" del > /dev/null

node "$BUILD_DIR/server/worker.js" &
worker=$!
trap 'kill $worker 2>/dev/null || true' EXIT
node "$BUILD_DIR/server/seed.js" --wait
# A shop that backs up, as a running one does: no "no backup yet" warning on the dashboard's pages.
node "$BUILD_DIR/server/backup.js"
node "$BUILD_DIR/server/web.js"
