#!/usr/bin/env bash
# Fuzzes every reader of outside input (the bots' protocols, Superply's lines, Superball's board,
# model cards, manifests, training configs) with INPUTS generated inputs each (default 1,000,000),
# in a release build: inputs/s, the slowest input and panics per reader. Exits 1 on a panic or a
# hang; failing inputs are kept in fuzz-failures/.
#   scripts/fuzz-readers.sh [INPUTS] [--only READER] [--limit-ms MS] [--seed S]
set -euo pipefail
cd "$(dirname "$0")/.."
inputs="${1:-1000000}"
shift || true
exec cargo run --release --example fuzz_readers -- --inputs "$inputs" "$@"
