#!/usr/bin/env bash
# Every test, from a fresh clone: type-check, lint, unit and integration tests on the
# real MySQL/Redis/sharp/ffmpeg, then the browser tests (JavaScript on and off)
# against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
# Every step below on the Node.js of .node-version.
. scripts/node.sh
echo "== Node.js $(node -v)"
mkdir -p .data

bash scripts/ensure-services.sh --for-tests

echo "== type-check"; node_modules/.bin/tsc --noEmit
echo "== lint"; node_modules/.bin/eslint --max-warnings 0 .
# Built first: the reliability tests run the production server (tests/reliability/faults-mysql.test.ts).
echo "== build"; node_modules/.bin/remix vite:build > .data/build.log 2>&1 || { cat .data/build.log; exit 1; }
echo "== unit and integration tests"; node_modules/.bin/vitest run
echo "== start test: npm start on a fresh copy of the tree"; node_modules/.bin/vitest run --config vitest.start.config.ts
echo "== browser tests"; node_modules/.bin/playwright test
