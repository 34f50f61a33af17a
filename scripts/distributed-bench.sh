#!/usr/bin/env bash
# Positions learned per second by one machine's arrangements of a game's default config (issue 58):
#   local      the single-process trainer (self-play and learner in one process);
#   actor1     a learner (--no-local-selfplay) and one actor process with THREADS threads;
#   actor2     a learner and two actor processes with one thread each.
# Each runs MINUTES (default 3) in turn on the same machine, with its own redis-server on a free
# port of 127.0.0.1; the figures come from each learner's log.jsonl (samples into the replay
# buffer and learner steps over the last two thirds of each run).
#   scripts/distributed-bench.sh [GAME] [MINUTES] [THREADS]
# Prints one line per arrangement (and, with actors, what Redis carried: games/s, KiB a game),
# then the cost model's two rates, each alone on this machine for 30 s: the learner's ceiling
# (`selfplay-bench --learner-only`: steps/s with games without limit, and the new positions/s
# that saturate it at the config's replay ratio) and self-play's positions/s per busy core
# (`selfplay-bench`, a fresh network), hence how many actor cores one learner takes.
# Everything stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
game="${1:-score4}"
minutes="${2:-3}"
threads="${3:-2}"
bash scripts/install-redis.sh >/dev/null
cargo build --release --bin tabula
tabula="${CARGO_TARGET_DIR:-target}/release/tabula"
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
hours=$(python3 -c "print($minutes / 60)")

report() { # NAME RUN
    python3 - "$1" "$2/log.jsonl" <<'EOF'
import json, statistics, sys
name, path = sys.argv[1], sys.argv[2]
rows = [json.loads(l) for l in open(path) if l.strip()]
rows = [r for r in rows if "samples" in r and "hours" in r]
# The first third fills the buffer and starts the actors: rates over the rest.
warm = [r for r in rows if r["hours"] >= rows[-1]["hours"] / 3] or rows
first, last = warm[0], warm[-1]
seconds = (last["hours"] - first["hours"]) * 3600
samples = (last["samples"] - first["samples"]) / seconds if seconds > 0 else float("nan")
steps = (last["step"] - first["step"]) / seconds if seconds > 0 else float("nan")
print(f"{name:8} {samples:8.0f} positions/s into the replay buffer  {steps:6.2f} learner steps/s  ({seconds:.0f} s measured)")
EOF
}

free_port() {
    python3 -c "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"
}

"$tabula" train "$game" --quiet --hours "$hours" --out "$work/local" 2>/dev/null
report local "$work/local"

for arrangement in actor1 actor2; do
    mkdir -p "$work/$arrangement-redis"
    port=$(free_port)
    redis-server --bind 127.0.0.1 --port "$port" --dir "$work/$arrangement-redis" --save "" --appendonly no >/dev/null 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do redis-cli -p "$port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    url="redis://127.0.0.1:$port"
    "$tabula" train "$game" --quiet --hours "$hours" --out "$work/$arrangement" --redis "$url" --no-local-selfplay 2>/dev/null &
    learner=$!
    if [ "$arrangement" = actor1 ]; then
        "$tabula" actor --redis "$url" --threads "$threads" --id a 2>/dev/null & pids+=($!)
    else
        "$tabula" actor --redis "$url" --threads 1 --id a 2>/dev/null & pids+=($!)
        "$tabula" actor --redis "$url" --threads 1 --id b 2>/dev/null & pids+=($!)
    fi
    wait "$learner"
    # What Redis carried: games pushed, and the stream's bytes per game (with Redis's overhead).
    run_name="$arrangement"
    added=$(redis-cli -p "$port" XINFO STREAM "tabula:$run_name:games" | awk 'prev=="entries-added"{print $0} {prev=$0}')
    length=$(redis-cli -p "$port" XLEN "tabula:$run_name:games")
    bytes=$(redis-cli -p "$port" MEMORY USAGE "tabula:$run_name:games" SAMPLES 0)
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    pids=()
    report "$arrangement" "$work/$arrangement"
    python3 -c "print(f'         {$added} games pushed in {$minutes} min ({$added / ($minutes * 60):.1f}/s); the stream holds {$length} in {$bytes / 2**20:.1f} MiB: {$bytes / max($length, 1) / 1024:.1f} KiB a game')"
done

# The cost model's rates, each alone on the machine.
cores=$(nproc)
"$tabula" selfplay-bench "$game" --learner-only --seconds 30 --json > "$work/ceiling.json"
"$tabula" selfplay-bench "$game" --seconds 30 --json > "$work/selfplay.json"
python3 - "$work/ceiling.json" "$work/selfplay.json" "$cores" <<'EOF'
import json, sys
ceiling, selfplay, cores = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
busy = max(selfplay["cpu_utilisation"], 1e-9)
# Positions as they are made (games that have not ended yet count too: Superball's are long).
per_core = selfplay["positions_per_s"] / busy
print(f"ceiling  {ceiling['steps_per_s']:8.2f} learner steps/s alone on {cores} cores: {ceiling['positions_per_s']:.0f} new positions/s at replay ratio {ceiling['replay_ratio']}")
print(f"selfplay {selfplay['positions_per_s']:8.1f} positions/s alone on {cores} cores ({busy:.2f} of them busy): {per_core:.1f} a busy core")
print(f"         about {ceiling['positions_per_s'] / per_core:.1f} actor cores saturate one learner on {cores} cores")
EOF
