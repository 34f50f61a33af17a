#!/usr/bin/env bash
# Installs what the Redis tests (train/tests/redis_store.rs, tests/distributed.rs) need: Debian's
# redis-server, and openssl for the TLS test's certificates. The tests start their own server on
# 127.0.0.1 with a free port and a temporary folder, and stop it.
# Safe to run again.
set -euo pipefail

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v redis-server >/dev/null; then
    echo "install-redis: installing redis-server with apt-get"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
    # Debian starts a system-wide server on 6379; the tests never use it.
    as_root systemctl disable --now redis-server >/dev/null 2>&1 || true
fi
if ! command -v openssl >/dev/null; then
    echo "install-redis: installing openssl with apt-get"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssl >/dev/null
fi
redis-server --version
