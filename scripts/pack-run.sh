#!/usr/bin/env bash
# Packs a training run into one .tar.xz that `tabula train --resume` continues on another machine
# or in another session: the run's config, its log, and its latest checkpoint's learner (weights
# and optimizer state) and progress (steps, games, seconds, RNG state). Left out: the replay
# buffer (tens of MB; the resumed run refills it by self-play before the learner goes on) and the
# TensorBoard events (the resumed run starts a new events file; log.jsonl has every scalar).
#
# An afterstate run (`method = "afterstate-td"`) travels whole but for its older checkpoint: its
# config, curve.jsonl, model.ntuple, the latest checkpoint (model and progress) and the models it
# keeps (models/).
#
#   scripts/pack-run.sh runs/score4 score4-run.tar.xz
#   tar -xJf score4-run.tar.xz -C runs && tabula train --resume runs/score4 --hours 2
set -euo pipefail
usage="usage: scripts/pack-run.sh RUN_DIR OUT.tar.xz"
run=${1:?$usage}
out=${2:?$usage}
run=${run%/}
[[ -f "$run/checkpoints/latest" ]] || { echo "pack-run: $run has no checkpoints/latest: not a tabula run, or no checkpoint yet" >&2; exit 1; }
latest=$(cat "$run/checkpoints/latest")
name=$(basename "$run")
# The manifest (sizes and SHA-256 of the checkpoint's files) travels too, where there is one.
manifest=()
[[ -f "$run/checkpoints/$latest/manifest.json" ]] && manifest=("$name/checkpoints/$latest/manifest.json")
if grep -q '^method *= *"afterstate-td"' "$run/config.toml"; then
    kept=()
    [[ -d "$run/models" ]] && kept=("$name/models")
    tar -C "$(dirname "$run")" -cJf "$out" \
        "$name/config.toml" "$name/curve.jsonl" "$name/model.ntuple" "$name/checkpoints/latest" \
        "$name/checkpoints/$latest/model.ntuple" "$name/checkpoints/$latest/progress.json" "${manifest[@]}" "${kept[@]}"
else
    tar -C "$(dirname "$run")" -cJf "$out" \
        "$name/config.toml" "$name/log.jsonl" "$name/checkpoints/latest" \
        "$name/checkpoints/$latest/learner" "$name/checkpoints/$latest/progress.json" "${manifest[@]}"
fi
echo "pack-run: $out holds $name at $latest ($(du -h "$out" | cut -f1))"
