#!/usr/bin/env bash
# One-shot, idempotent set-up for a fresh Debian/Ubuntu machine:
# system libraries for node-canvas, libpq and the PNG encoder (built from source), Chromium for the browser test, PostgreSQL for the
# tests on PostgreSQL, npm dependencies, the TypeScript build.
set -euo pipefail
cd "$(dirname "$0")/.."

need=(build-essential libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev pkg-config libpq-dev libdeflate-dev)
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing system libraries for node-canvas, libpq and the PNG encoder: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi

# The playground's browser test drives Debian's Chromium through playwright-core (which never downloads a
# browser); the emoji font lets its screenshots show the bot's emoji.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing chromium for the playground's browser test"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium fonts-noto-color-emoji
fi

# The store's tests also run on PostgreSQL: the test harness starts a throw-away server from Debian's
# binaries (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin) as the `postgres` user the
# package creates, so nothing needs a service started by hand.
if command -v apt-get >/dev/null 2>&1 \
   && ! dpkg-query -W -f='${Status}' postgresql 2>/dev/null | grep -q "install ok installed"; then
  echo "setup: installing postgresql for the tests on PostgreSQL"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql
fi

# canvas and better-sqlite3 cannot download prebuilt binaries here: build them from source (libpq,
# the store's PostgreSQL client, always builds against libpq-dev; the project's PNG encoder,
# packages/png-encoder, against libdeflate-dev).
export npm_config_build_from_source=true
if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ] \
   && node -e "require('canvas');require('better-sqlite3');require('libpq');require('@cardtable/png-encoder')" 2>/dev/null; then
  echo "setup: node_modules is up to date"
else
  # `npm install` with the committed lockfile, not `npm ci`: npm 11.19 writes lockfiles without the
  # other platforms' optional packages and then its own `npm ci` refuses them as out of sync.
  npm install --no-audit --no-fund
fi
npm run build
echo "setup: done"
echo "setup: the playground needs nothing more: npm run playground"
# Only the bot on Discord itself reads .env; a playground user must not think they need one.
[ -f .env ] || echo "setup: the bot on Discord itself (npm start) needs a .env: copy .env.example to .env and fill in DISCORD_TOKEN and DISCORD_APPLICATION_ID"
