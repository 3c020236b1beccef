#!/usr/bin/env bash
# The built server on its runtime dependencies only, as the image's final stage runs it: copies
# what the Dockerfile copies into a temporary folder, installs with `npm ci --omit=dev` (no vite,
# tsx, esbuild or TypeScript), starts `node dist/server/main.js` on Node 24 (the image's base; here
# the `node` devDependency's binary) and asks /readyz and one search. Run after `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/scripts" "$work/server" "$work/web"
cp package.json package-lock.json .npmrc "$work/"
cp scripts/check-engines.ts "$work/scripts/"
cp -r dist "$work/dist"
cp -r web/dist "$work/web/dist"
cp -r server/drizzle server/assets "$work/server/"

export PATH="$root/node_modules/node/bin:$PATH"
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
for tool in vite tsx esbuild typescript; do
  if [ -e "node_modules/$tool" ]; then echo "$tool is installed by npm ci --omit=dev" >&2; exit 1; fi
done

port=$((52000 + RANDOM % 1000))
DATA_DIR=memory:// PORT="$port" HOST=127.0.0.1 NODE_ENV=production DEMO_DATA=true LOG_LEVEL=warn \
  SESSION_SECRET=production-install-check-0123456789abcdef \
  node --max-semi-space-size=8 --enable-source-maps dist/server/main.js &
server_pid=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { echo "the built server exited" >&2; exit 1; }
  sleep 1
done
curl -sf "http://127.0.0.1:$port/readyz"
echo
date_ahead="$(date -u -d '+7 days' +%F)"
curl -sf -X POST "http://127.0.0.1:$port/api/b2b/v2/flights/search" -H 'content-type: application/json' \
  -d "{\"depart_code\":\"KTM\",\"dest_code\":\"PKR\",\"depart_date\":\"$date_ahead\",\"nationality_code\":\"NP\"}" |
  grep -q '"offers":\[{' || { echo "the search found no offers" >&2; exit 1; }
curl -sf "http://127.0.0.1:$port/" | grep -q '<div id="root">' || { echo "the web app is not served" >&2; exit 1; }
echo "production install: the built server answers /readyz, a search and the web app on runtime dependencies only"
