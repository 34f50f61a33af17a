#!/usr/bin/env bash
# The learner on an NVIDIA GPU, checked and measured in one go (issue 60), under 8 minutes on a
# machine with a GPU, its driver and many cores:
#   1. builds tabula with `--features cuda` (burn's CUDA backend; its build fetches the
#      tracel-llvm bundle into ~/.local/share/tracel once, so the first build needs the network
#      or that folder copied in);
#   2. runs the CUDA learner's tests (agents/nets/tests/cuda.rs: learns like the CPU learner,
#      checkpoints move both ways, a missing GPU is a clear error);
#   3. prints learner steps/s of Score 4's default net on the CPU and on the GPU at batch 128,
#      512 and 2048 (agents/nets/examples/learner_bench.rs);
#   4. trains Score 4 for 5 minutes with the learner on the GPU and self-play on the CPU's cores
#      (train/configs/score4-gpu.toml), then prints the run's throughput from its log.jsonl.
#   scripts/gpu-check.sh [OUT]     (OUT: where the run goes; default a temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d)/score4-gpu}"
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv || { echo "gpu-check: no NVIDIA GPU here (nvidia-smi failed)"; exit 1; }
target="${CARGO_TARGET_DIR:-target}/release"
time cargo build --release --features cuda --bin tabula
cargo test --release -p tabula-nets --features cuda --test cuda
cargo build --release -p tabula-nets --features cuda --example learner_bench
"$target/examples/learner_bench" --device cpu --batches 128,512,2048 --secs 2 --reps 3
"$target/examples/learner_bench" --device cuda:0 --batches 128,512,2048 --secs 2 --reps 3
"$target/tabula" train score4 --config train/configs/score4-gpu.toml --out "$out" --hours 0.0833 --quiet
python3 - "$out/log.jsonl" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
rows = [r for r in rows if "selfplay_positions_per_s" in r]
if not rows:
    sys.exit("gpu-check: the run logged no steps")
half = rows[len(rows) // 2:]
med = lambda k: sorted(r[k] for r in half)[len(half) // 2]
last = rows[-1]
print(f"5-minute run: {last['step']} learner steps ({last['step'] / (last['hours'] * 3600):.2f}/s), {int(last['samples'])} positions, "
      f"median of its second half: {med('selfplay_positions_per_s'):.0f} positions/s, "
      f"{med('cpu_utilisation'):.1f} cores busy, RSS {last.get('memory/rss_mib', float('nan')):.0f} MiB")
PY
