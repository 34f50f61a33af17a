#!/usr/bin/env bash
# The learner on an NVIDIA GPU, checked and measured in one go (issue 60), under 8 minutes on a
# machine with a GPU, its driver and many cores:
#   1. builds tabula with `--features cuda` (burn's CUDA backend), or takes the binaries that
#      `--build-only` made on another machine (a GPU machine without Rust or the network);
#   2. runs the CUDA learner's tests (agents/nets/tests/cuda.rs: learns like the CPU learner,
#      checkpoints move both ways, a missing GPU is a clear error);
#   3. prints learner steps/s of Score 4's default net on the CPU and on the GPU at batch 128,
#      512 and 2048 (agents/nets/examples/learner_bench.rs);
#   4. trains Score 4 for 5 minutes with the learner on the GPU and self-play on the CPU's cores
#      (train/configs/score4-gpu.toml), then prints the run's throughput from its log.jsonl.
#
#   scripts/gpu-check.sh [OUT]                   build here, then check (OUT: where the run goes)
#   scripts/gpu-check.sh --build-only DIR        build here, put the three programs in DIR (xz)
#   scripts/gpu-check.sh --prebuilt DIR [OUT]    check with the programs in DIR, no cargo
#   scripts/gpu-check.sh --lint                  no GPU needed: the cuda feature compiles, clippy-clean
#
# A step that fails is reported and the next one still runs (device time is short: one failing
# test should not cost the figures); the script's status is the first failure's.
set -uo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}/release"

# burn's CUDA backend brings cubecl-llvm, whose build downloads an LLVM bundle; tabula compiles its
# kernels with NVRTC instead, so the build patches in a stand-in (agents/nets/offline-cuda) and
# needs no network, only the crates cargo has fetched (`cargo fetch` once, where there is one).
# The patch rewrites Cargo.lock, which is put back afterwards.
patched_cargo() {
    local lock rc
    lock="$(mktemp)"
    cp Cargo.lock "$lock"
    # After the subcommand: `cargo clippy` runs `cargo check` without the options given before it.
    cargo "$1" --offline --config 'patch.crates-io.cubecl-llvm.path="agents/nets/offline-cuda/cubecl-llvm"' "${@:2}"
    rc=$?
    cp "$lock" Cargo.lock
    rm -f "$lock"
    return $rc
}

build() {
    patched_cargo build --release --features cuda --bin tabula &&
        patched_cargo build --release -p tabula-nets --features cuda --example learner_bench &&
        patched_cargo test --release -p tabula-nets --features cuda --test cuda --no-run --message-format=json |
        python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "cuda" and m.get("executable"):
        print(m["executable"])' >"$target/cuda-tests.path"
    [[ ${PIPESTATUS[0]} -eq 0 && -s "$target/cuda-tests.path" ]]
}

# The three programs a check runs, as NAME:PATH of what `build` made.
programs() {
    echo "tabula:$target/tabula"
    echo "learner_bench:$target/examples/learner_bench"
    echo "cuda-tests:$(cat "$target/cuda-tests.path")"
}

# Without a GPU: the `cuda` feature's code compiles and passes clippy (CI runs this).
if [[ "${1:-}" == "--lint" ]]; then
    if ! patched_cargo fetch >/dev/null 2>&1; then
        echo "gpu-check --lint: SKIPPED: the cuda feature's crates are not in cargo's cache here, and the build is offline (\`cargo fetch\` where there is a network)"
        exit 0
    fi
    patched_cargo clippy -p tabula-nets --features cuda --all-targets -- -D warnings
    exit $?
fi

if [[ "${1:-}" == "--build-only" ]]; then
    dir="${2:?--build-only DIR}"
    set -e
    build
    mkdir -p "$dir"
    programs | while IFS= read -r pair; do
        strip -o "$dir/${pair%%:*}" "${pair#*:}"
        xz -T0 -6 -f "$dir/${pair%%:*}"
    done
    ls -l "$dir"
    exit 0
fi

if [[ "${1:-}" == "--prebuilt" ]]; then
    bin="$(mktemp -d)"
    for name in tabula learner_bench cuda-tests; do
        if [[ -f "$2/$name.xz" ]]; then
            python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
                "$2/$name.xz" "$bin/$name" || exit 1
        else
            cp "$2/$name" "$bin/$name" || exit 1
        fi
        chmod +x "$bin/$name"
    done
    shift 2
else
    nvidia-smi >/dev/null || { echo "gpu-check: no NVIDIA GPU here (nvidia-smi failed)"; exit 1; }
    time build || exit 1
    bin="$(mktemp -d)"
    programs | while IFS= read -r pair; do cp "${pair#*:}" "$bin/${pair%%:*}" || exit 1; done || exit 1
fi
out="${1:-$(mktemp -d)/score4-gpu}"

nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv || { echo "gpu-check: no NVIDIA GPU here (nvidia-smi failed)"; exit 1; }
# burn's CUDA backend compiles its kernels at run time with NVRTC, which it opens by name.
for lib in /usr/local/cuda/lib64 /usr/local/cuda/targets/x86_64-linux/lib \
    $(python3 -c 'import glob, site; print(" ".join(glob.glob(site.getsitepackages()[0] + "/nvidia/*/lib")))' 2>/dev/null); do
    [[ -d "$lib" ]] && export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
done
echo "cores: $(nproc)"

status=0
step() {
    local name="$1"
    shift
    echo "== $name"
    local start=$SECONDS
    "$@"
    local rc=$?
    echo "== $name: rc $rc, $((SECONDS - start)) s"
    [[ $rc -ne 0 && $status -eq 0 ]] && status=$rc
    return 0
}
step "the CUDA learner's tests" "$bin/cuda-tests" --test-threads 1
step "learner on the CPU" "$bin/learner_bench" --device cpu --batches 128,512,2048 --secs 2 --reps 3
step "learner on the GPU" "$bin/learner_bench" --device cuda:0 --batches 128,512,2048 --secs 2 --reps 3
step "5 minutes of Score 4 with the learner on the GPU" \
    "$bin/tabula" train score4 --config train/configs/score4-gpu.toml --out "$out" --hours 0.0833 --quiet
step "the run's throughput" python3 - "$out/log.jsonl" <<'PY'
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
exit $status
