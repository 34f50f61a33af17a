#!/usr/bin/env bash
# Training throughput of several binaries or configs, measured in the same minutes: each one runs
# `tabula train` for a few seconds in turn, round after round, and the table gives its self-play
# positions/s and learner steps/s over the steady part of each run (the first quarter, start-up
# and the replay buffer's filling, is left out), the median's ratio to the first, and the
# process's CPU utilisation (CPU time / wall time). It needs nothing a binary must have beyond
# `tabula train` and its log, so a binary built from an older commit can be measured beside the
# head. Evaluations are switched off (eval_every_steps) so that only training is timed. Run it
# with nothing else on the machine.
#
#   scripts/train-throughput.sh [--rounds N] [--seconds S] [--game GAME] LABEL=BIN[@CONFIG]...
#
# BIN is a tabula binary; CONFIG a config file (default: BIN's embedded default for GAME, from
# `BIN train GAME --print-config`). Defaults: 3 rounds of 90 s, game score4. Example:
# `scripts/train-throughput.sh old=/tmp/tabula-old new=target/release/tabula`.
set -euo pipefail
usage="usage: scripts/train-throughput.sh [--rounds N] [--seconds S] [--game GAME] LABEL=BIN[@CONFIG]..."
rounds=3
seconds=90
game=score4
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --rounds) rounds=${2:?$usage}; shift 2 ;;
        --seconds) seconds=${2:?$usage}; shift 2 ;;
        --game) game=${2:?$usage}; shift 2 ;;
        --help|-h) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "train-throughput: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $# -gt 0 ]] || { echo "$usage" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ && $seconds =~ ^[1-9][0-9]*$ ]] || { echo "train-throughput: --rounds and --seconds take whole numbers" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
labels=()
declare -A binary
for entry in "$@"; do
    [[ $entry =~ ^([A-Za-z][A-Za-z0-9_.-]*)=([^@]+)(@(.+))?$ ]] || { echo "train-throughput: $entry is not LABEL=BIN[@CONFIG]" >&2; exit 2; }
    label=${BASH_REMATCH[1]} bin=${BASH_REMATCH[2]} config=${BASH_REMATCH[4]}
    [[ -z ${binary[$label]:-} ]] || { echo "train-throughput: label $label given twice" >&2; exit 2; }
    [[ -x $bin ]] || { echo "train-throughput: $bin is not an executable" >&2; exit 1; }
    if [[ -n $config ]]; then
        cp "$config" "$work/$label.toml"
    else
        "$bin" train "$game" --print-config > "$work/$label.toml" || { echo "train-throughput: $bin has no default config for $game" >&2; exit 1; }
    fi
    grep -q '^eval_every_steps *=' "$work/$label.toml" || { echo "train-throughput: $label's config sets no eval_every_steps" >&2; exit 1; }
    sed -i 's/^eval_every_steps *=.*/eval_every_steps = 1000000000/' "$work/$label.toml"
    binary[$label]=$bin
    labels+=("$label")
done
hours=$(awk -v s="$seconds" 'BEGIN {print s / 3600}')
for round in $(seq "$rounds"); do
    for label in "${labels[@]}"; do
        run="$work/run-$label-$round"
        /usr/bin/time -f '%e %U %S' -o "$work/time" "${binary[$label]}" train "$game" --config "$work/$label.toml" \
            --out "$run" --hours "$hours" --seed 1 --quiet > /dev/null 2> "$work/stderr" \
            || { cat "$work/stderr" >&2; echo "train-throughput: $label failed" >&2; exit 1; }
        # Positions and steps over the run's last three quarters, from its own log.
        rates=$(jq -rs --argjson from "$(awk -v s="$seconds" 'BEGIN {print s / 4}')" '
            [.[] | select(.samples != null and .hours != null) | {s: (.hours * 3600), n: .samples, k: .step}]
            | map(select(.s >= $from)) | if length < 2 then "" else
              "\((.[-1].n - .[0].n) / (.[-1].s - .[0].s)) \((.[-1].k - .[0].k) / (.[-1].s - .[0].s))" end' "$run/log.jsonl")
        [[ -n $rates ]] || { echo "train-throughput: $label's run logged too little to measure (raise --seconds)" >&2; exit 1; }
        cpu=$(awk '{print ($2 + $3) / $1}' "$work/time")
        read -r positions steps <<<"$rates"
        printf 'round %s, %s: %.0f positions/s, %.1f learner steps/s, CPU %.0f%%\n' "$round" "$label" "$positions" "$steps" "$(awk -v c="$cpu" 'BEGIN {print c * 100}')" >&2
        echo "$label $positions $steps $cpu" >> "$work/results"
        rm -rf "$run"
    done
done
echo "| run | positions/s (each round) | median | ratio to the first | learner steps/s (median) | CPU (median) |"
echo "|---|---|---|---|---|---|"
median() { sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
first=""
for label in "${labels[@]}"; do
    rows=$(awk -v l="$label" '$1 == l' "$work/results")
    each=$(awk '{printf "%s%.0f", (NR>1 ? " / " : ""), $2}' <<<"$rows")
    med=$(awk '{print $2}' <<<"$rows" | median)
    steps=$(awk '{print $3}' <<<"$rows" | median)
    cpu=$(awk '{print $4 * 100}' <<<"$rows" | median)
    first=${first:-$med}
    printf '| %s | %s | %.0f | %.2fx | %.1f | %.0f%% |\n' "$label" "$each" "$med" "$(awk -v a="$med" -v b="$first" 'BEGIN {print a / b}')" "$steps" "$cpu"
done
