#!/usr/bin/env bash
# Self-play throughput with the learner beside it (the trainer's pacing) at several replay ratios
# of one game's default config, measured in the same minutes: the configs take turns, round after
# round, and the table gives each one's median moves/s, its ratio to the first, and its learner
# steps. Run it with nothing else on the machine.
#
#   scripts/replay-ratio-bench.sh [--rounds N] [--seconds S] [--game GAME] [--tabula BIN] RATIO...
#
# Defaults: 3 rounds of 20 s, game score4 (the binary's embedded default config, from
# `tabula train GAME --print-config`, with `replay_ratio` set to each RATIO), binary `tabula`. Example: `scripts/replay-ratio-bench.sh 4 3 2`.
set -euo pipefail
usage="usage: scripts/replay-ratio-bench.sh [--rounds N] [--seconds S] [--game GAME] [--tabula BIN] RATIO..."
rounds=3
seconds=20
game=score4
tabula=${TABULA:-tabula}
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --rounds) rounds=${2:?$usage}; shift 2 ;;
        --seconds) seconds=${2:?$usage}; shift 2 ;;
        --game) game=${2:?$usage}; shift 2 ;;
        --tabula) tabula=${2:?$usage}; shift 2 ;;
        --help|-h) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "replay-ratio-bench: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $# -gt 0 ]] || { echo "$usage" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The measured binary's own default, so a config and the binary that embeds it never disagree.
base="$work/default.toml"
"$tabula" train "$game" --print-config > "$base" || { echo "replay-ratio-bench: $tabula has no default config for $game" >&2; exit 1; }
grep -q '^replay_ratio *=' "$base" || { echo "replay-ratio-bench: $game's default config sets no replay_ratio" >&2; exit 1; }
for ratio in "$@"; do
    [[ $ratio =~ ^[0-9]+([.][0-9]+)?$ ]] || { echo "replay-ratio-bench: $ratio is not a ratio" >&2; exit 2; }
    sed "s/^replay_ratio *=.*/replay_ratio = $ratio/" "$base" > "$work/ratio-$ratio.toml"
done
for round in $(seq "$rounds"); do
    for ratio in "$@"; do
        json=$("$tabula" selfplay-bench --config "$work/ratio-$ratio.toml" --seconds "$seconds" --learner --json | tail -n 1)
        moves=$(grep -o '"moves_per_s":[0-9.]*' <<<"$json" | cut -d: -f2)
        steps=$(grep -o '"learner_steps":[0-9]*' <<<"$json" | cut -d: -f2)
        cpu=$(grep -o '"cpu_utilisation":[0-9.]*' <<<"$json" | cut -d: -f2)
        [[ -n $moves && -n $steps ]] || { echo "replay-ratio-bench: unexpected output: $json" >&2; exit 1; }
        printf 'round %s, replay_ratio %s: %.0f moves/s, %s learner steps, CPU %.0f%%\n' "$round" "$ratio" "$moves" "$steps" "$(awk -v c="$cpu" 'BEGIN {print c * 100}')" >&2
        echo "$ratio $moves $steps $cpu" >> "$work/results"
    done
done
echo "| replay_ratio | moves/s (each round) | median | ratio to the first | learner steps in ${seconds} s | CPU (median) |"
echo "|---|---|---|---|---|---|"
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
first=""
for ratio in "$@"; do
    rows=$(awk -v r="$ratio" '$1 == r' "$work/results")
    each=$(awk '{printf "%s%.0f", (NR>1 ? " / " : ""), $2}' <<<"$rows")
    med=$(awk '{print $2}' <<<"$rows" | median)
    steps=$(awk '{printf "%s%d", (NR>1 ? " / " : ""), $3}' <<<"$rows")
    cpu=$(awk '{print $4 * 100}' <<<"$rows" | median)
    first=${first:-$med}
    printf '| %s | %s | %.0f | %.2fx | %s | %.0f%% |\n' "$ratio" "$each" "$med" "$(awk -v a="$med" -v b="$first" 'BEGIN {print a / b}')" "$steps" "$cpu"
done
