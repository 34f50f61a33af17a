#!/usr/bin/env bash
# Chooses among the models a run kept along the way (RUN/models/step-*, written when its config
# sets `[schedule] keep_model_every_steps`) and its last one (RUN itself): every candidate plays
# one opponent at equal time a move in one gauntlet arena, and the best score wins. Prints the
# table and, last, the chosen model's folder.
#
#   scripts/pick-model.sh [--against SPEC] [--games N] [--movetime-ms MS] [--seed N]
#                         [--from-step S] [--tabula BIN] GAME RUN [OUT_DIR]
#
# Defaults: against alphabeta, 40 games a candidate at 100 ms a move, seed 21, every kept model
# from step 1. OUT_DIR (default RUN/pick) gets the arena's JSON and records.
# A choice made on these games is biased upwards on them: measure the chosen model again on
# another --seed before quoting its strength.
# Example: `scripts/pick-model.sh upright runs/up-s3`, then
# `tabula arena upright --players ckpt:CHOSEN:100ms alphabeta --games 200 --movetime-ms 100 --seed 1`.
set -euo pipefail
usage="usage: scripts/pick-model.sh [--against SPEC] [--games N] [--movetime-ms MS] [--seed N] [--from-step S] [--tabula BIN] GAME RUN [OUT_DIR]"
against=alphabeta
games=40
ms=100
seed=21
from_step=1
tabula=${TABULA:-tabula}
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --against) against=${2:?$usage}; shift 2 ;;
        --games) games=${2:?$usage}; shift 2 ;;
        --movetime-ms) ms=${2:?$usage}; shift 2 ;;
        --seed) seed=${2:?$usage}; shift 2 ;;
        --from-step) from_step=${2:?$usage}; shift 2 ;;
        --tabula) tabula=${2:?$usage}; shift 2 ;;
        --help|-h) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "pick-model: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $# -eq 2 || $# -eq 3 ]] || { echo "$usage" >&2; exit 2; }
game=$1
run=${2%/}
out=${3:-$run/pick}
[[ -f $run/model.bpk ]] || { echo "pick-model: $run holds no model.bpk (not a run directory?)" >&2; exit 1; }

players=()
shopt -s nullglob
for dir in "$run"/models/step-*; do
    step=$((10#${dir##*/step-}))
    ((step >= from_step)) && players+=("ckpt:$dir:${ms}ms")
done
players+=("run:$run:${ms}ms")
mkdir -p "$out"
echo "pick-model: ${#players[@]} candidates, $games games each against $against at $ms ms a move" >&2
"$tabula" arena "$game" --players "${players[@]}" "$against" --gauntlet "$against" --games "$games" \
    --movetime-ms "$ms" --seed "$seed" --json --records "$out/records.jsonl" > "$out/arena.json"

python3 - "$out/arena.json" "$against" <<'EOF'
import json, math, re, sys
doc = json.load(open(sys.argv[1]))
rows = [p for p in doc["players"] if p["player"] != sys.argv[2]]
# By step (the run's last model last): a tie goes to the earlier model.
def step(p):
    m = re.search(r"/step-(\d+):", p["player"])
    return int(m.group(1)) if m else math.inf
for p in sorted(rows, key=step):
    se = math.sqrt(max(p["score"] * (1 - p["score"]), 0.0) / max(p["games"], 1))
    print(f'{100 * p["score"]:5.1f}% ± {100 * se:4.1f}  {p["games"]:4d} games  {p["player"]}')
best = max(rows, key=lambda p: (p["score"], -step(p)))
spec = best["player"].split(":", 1)[1].rsplit(":", 1)[0]
print(spec)
EOF
