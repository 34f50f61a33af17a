#!/usr/bin/env bash
# Time per decision of several sb-play binaries on the same boards, as the harness runs them (one
# process per board, the board on stdin): the boards of one sb-player game are captured from the
# first binary's play, then every binary answers every K-th board, taking turns board by board so
# that the machine's noise falls on all alike. Prints each binary's mean and median milliseconds per
# decision, over all boards and over the searched ones (those where the first binary took over
# 50 ms: a set to choose on a full board), its speed against the first binary (the first's mean
# over its own), and how many of its moves differ from the first binary's. sb-player is taken from beside the first binary. Run it
# with nothing else on the machine.
#
#   scripts/sb-play-timing.sh [--seed N] [--every K] LABEL=BIN...
#
# Defaults: seed 3, every 2nd board. Example:
# `scripts/sb-play-timing.sh old=/tmp/sb-play-old new=target/release/sb-play`.
set -euo pipefail
usage="usage: scripts/sb-play-timing.sh [--seed N] [--every K] LABEL=BIN..."
seed=3
every=2
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --seed) seed=${2:?$usage}; shift 2 ;;
        --every) every=${2:?$usage}; shift 2 ;;
        --help|-h) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sb-play-timing: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
[[ $# -gt 0 ]] || { echo "$usage" >&2; exit 2; }
[[ $seed =~ ^[0-9]+$ && $every =~ ^[1-9][0-9]*$ ]] || { echo "sb-play-timing: --seed and --every take whole numbers" >&2; exit 2; }
labels=()
declare -A binary
for entry in "$@"; do
    [[ $entry =~ ^([A-Za-z][A-Za-z0-9_.-]*)=(.+)$ ]] || { echo "sb-play-timing: $entry is not LABEL=BIN" >&2; exit 2; }
    label=${BASH_REMATCH[1]} bin=${BASH_REMATCH[2]}
    [[ -z ${binary[$label]:-} ]] || { echo "sb-play-timing: label $label given twice" >&2; exit 2; }
    [[ -x $bin ]] || { echo "sb-play-timing: $bin is not an executable" >&2; exit 1; }
    binary[$label]=$(realpath "$bin")
    labels+=("$label")
done
first=${binary[${labels[0]}]}
player=$(dirname "$first")/sb-player
[[ -x $player ]] || { echo "sb-play-timing: no sb-player beside $first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The boards of one game: a wrapper saves each board sb-player sends, then plays the first binary.
mkdir "$work/boards"
cat > "$work/capture" <<EOF
#!/usr/bin/env bash
board="$work/boards/\$(ls "$work/boards" | wc -l)"
cat > "\$board"
exec "$first" "\$@" < "\$board"
EOF
chmod +x "$work/capture"
"$player" 8 10 5 pbyrg "$work/capture" n n "$seed" > /dev/null
boards=$(ls "$work/boards" | wc -l)
echo "seed $seed: $boards boards, every $every timed"

# One line per board and binary: board, label, milliseconds, move.
for ((b = 0; b < boards; b += every)); do
    for label in "${labels[@]}"; do
        start=$(date +%s%N)
        move=$("${binary[$label]}" 8 10 5 pbyrg < "$work/boards/$b" | tr ' ' '_')
        echo "$b $label $(( ($(date +%s%N) - start) / 1000 )) $move"
    done
done > "$work/times"

printf '%-10s %9s %10s %12s %10s %10s %14s %9s %6s\n' binary decisions "mean ms" "median ms" searched "mean ms" "median ms" speed "moves differ"
for label in "${labels[@]}"; do
    awk -v label="$label" -v first="${labels[0]}" '
        function median(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        $2 == first { base[$1] = $3; base_move[$1] = $4 }
        $2 == label { ms[$1] = $3 / 1000; move[$1] = $4 }
        END {
            for (b in ms) {
                all[++n] = ms[b]; sum += ms[b]; base_sum += base[b] / 1000
                if (base[b] > 50000) { searched[++s] = ms[b]; ssum += ms[b] }
                if (move[b] != base_move[b]) differ++
            }
            printf "%-10s %9d %10.1f %12.1f %10d %10.1f %14.1f %8.2fx %6d\n", label, n, sum / n, median(all, n), s,
                s ? ssum / s : 0, s ? median(searched, s) : 0, base_sum / sum, differ
        }' "$work/times"
done
