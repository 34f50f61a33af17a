#!/usr/bin/env bash
# Installs what the browser tests (envs/superply/tests/browser.rs, tests/serve_browser.rs) need: Debian's chromium at
# /usr/bin/chromium and playwright-core in tests/browser/node_modules. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if [ ! -x /usr/bin/chromium ]; then
    echo "install-browser: installing chromium with apt-get"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        chromium fonts-dejavu-core >/dev/null
fi
/usr/bin/chromium --version 2>/dev/null

if ! command -v npm >/dev/null; then
    echo "install-browser: installing nodejs and npm with apt-get"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi

cd tests/browser
want=$(node -p "require('./package-lock.json').packages['node_modules/playwright-core'].version" 2>/dev/null || true)
have=$(node -p "require('./node_modules/playwright-core/package.json').version" 2>/dev/null || true)
if [ -n "$want" ] && [ "$want" = "$have" ]; then
    echo "install-browser: playwright-core $have already installed"
elif [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
else
    npm install --no-audit --no-fund --loglevel=error
fi
node -e "console.log('playwright-core ' + require('playwright-core/package.json').version)"
