#!/usr/bin/env bash
# Training recipes compared at equal compute: variants of one config train at the same time on
# this machine (the same wall-clock hours, the same seed, sharing the cores, so a slower or busier
# machine slows them all alike), then each variant's model plays one opponent at equal time a
# move in one arena (colours alternated from random openings). The table, the records and a plot
# of the ratings land in OUT_DIR.
#
#   scripts/train-side-by-side.sh [--game GAME] [--hours H] [--seed N] [--games N]
#                                 [--movetime-ms MS] [--against SPEC] [--config FILE]
#                                 [--tabula BIN] OUT_DIR VARIANT...
#
# A VARIANT is KEY=VALUE[,KEY=VALUE...]: each KEY is a line of the base config (the binary's
# embedded default for GAME, `tabula train GAME --print-config`, or --config FILE) whose value is
# replaced, e.g. `replay_ratio=2` or `simulations=16,eval_simulations=64`; `default` is the base
# config as it is. Defaults: game score4, 1 hour, seed 3, 200 games per variant at 100 ms a move
# against alphabeta, binary `tabula`. A variant whose run directory already holds a model is not
# trained again (rerun a killed arena).
# Example: `scripts/train-side-by-side.sh runs/rr default replay_ratio=2 replay_ratio=1`.
set -euo pipefail
usage="usage: scripts/train-side-by-side.sh [--game GAME] [--hours H] [--seed N] [--games N] [--movetime-ms MS] [--against SPEC] [--config FILE] [--tabula BIN] OUT_DIR VARIANT..."
game=score4
hours=1
seed=3
games=200
ms=100
against=alphabeta
config_file=
tabula=${TABULA:-tabula}
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --game) game=${2:?$usage}; shift 2 ;;
        --hours) hours=${2:?$usage}; shift 2 ;;
        --seed) seed=${2:?$usage}; shift 2 ;;
        --games) games=${2:?$usage}; shift 2 ;;
        --movetime-ms) ms=${2:?$usage}; shift 2 ;;
        --against) against=${2:?$usage}; shift 2 ;;
        --tabula) tabula=${2:?$usage}; shift 2 ;;
        --config) config_file=${2:?$usage}; shift 2 ;;
        --help|-h) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "train-side-by-side: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $# -ge 2 ]] || { echo "$usage" >&2; exit 2; }
out=$1
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Hidden: a variant's name starts with a letter, so none can be this file.
base="$out/.base-config.toml"
if [[ -n $config_file ]]; then
    [[ -f $config_file ]] || { echo "train-side-by-side: no config file $config_file" >&2; exit 1; }
    cp "$config_file" "$base"
else
    "$tabula" train "$game" --print-config > "$base" || { echo "train-side-by-side: $tabula has no default config for $game" >&2; exit 1; }
fi

# Every variant's config is written (and every key checked) before anything trains.
names=()
for variant in "$@"; do
    name=${variant//[^A-Za-z0-9_.,=-]/_}
    name=${name//=/-}
    name=${name//,/+}
    config="$out/$name.toml"
    cp "$base" "$config"
    if [[ $variant != default ]]; then
        IFS=, read -ra settings <<<"$variant"
        for setting in "${settings[@]}"; do
            [[ $setting =~ ^([A-Za-z_][A-Za-z0-9_]*)=(.+)$ ]] || { echo "train-side-by-side: $setting is not KEY=VALUE" >&2; exit 2; }
            key=${BASH_REMATCH[1]}
            value=${BASH_REMATCH[2]}
            # The line is rewritten in bash, not by sed, so a value is taken as written (`&`, `|`, `\`).
            found=0
            edited=()
            while IFS= read -r line; do
                if [[ $line =~ ^$key\ *= ]]; then
                    line="$key = $value"
                    found=$((found + 1))
                fi
                edited+=("$line")
            done < "$config"
            [[ $found == 1 ]] || { echo "train-side-by-side: the base config has no single line for $key" >&2; exit 1; }
            printf '%s\n' "${edited[@]}" > "$config"
        done
    fi
    for seen in "${names[@]}"; do
        [[ $seen != "$name" ]] || { echo "train-side-by-side: two variants would train into $out/$name" >&2; exit 2; }
    done
    names+=("$name")
done

pids=()
for name in "${names[@]}"; do
    if [[ -f $out/$name/model.bpk ]]; then
        echo "train-side-by-side: $name already trained ($out/$name), not trained again"
        continue
    fi
    echo "train-side-by-side: training $name for $hours h (log: $out/$name.out)"
    "$tabula" train "$game" --config "$out/$name.toml" --seed "$seed" --hours "$hours" --out "$out/$name" > "$out/$name.out" 2>&1 &
    pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
done
[[ $failed == 0 ]] || { echo "train-side-by-side: a training run failed (see $out/*.out)" >&2; exit 1; }

players=()
for name in "${names[@]}"; do
    players+=("run:$out/$name:${ms}ms")
done
"$tabula" arena "$game" --players "${players[@]}" "$against" --gauntlet "$against" \
    --movetime-ms "$ms" --games "$games" --records "$out/records.jsonl" --plot "$out/ratings.png" --plot-in-order | tee "$out/table.txt"
