#!/usr/bin/env bash
# Soak tests on loopback, each bounded and stopping by itself (issue 59):
#   tabula serve: CLIENTS clients (default 200) playing whole games for MINUTES (default 10);
#     p50/p99/max per request, errors, 429s, the server's resident memory after a warm-up
#     minute and at the end (examples/soak_serve.rs).
#   superply-server: rounds of 200 games at once, one connection in 10 misbehaving (garbage,
#     leaving mid-game, an illegal cell, an over-long line), for MINUTES; the worst round's move
#     latency p99 and the resident memory after the first round and at the end
#     (envs/superply/examples/superply_load.rs).
#   scripts/soak.sh [MINUTES] [CLIENTS]
# Exits non-zero if a request failed or a well-behaved player's game never ended.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
clients="${2:-200}"
cargo build --release --bin tabula --example soak_serve
cargo build --release -p superply --example superply_load
target="${CARGO_TARGET_DIR:-target}/release"
"$target/examples/soak_serve" --clients "$clients" --minutes "$minutes"
"$target/examples/superply_load" --games 200 --misbehave-every 10 --minutes "$minutes" | tail -n 3
