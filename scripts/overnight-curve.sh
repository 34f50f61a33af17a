#!/usr/bin/env bash
# The learning curve of a run carried in pieces (scripts/pack-run.sh): every version of the packed
# run that git holds (one per commit that changed it) is unpacked under OUT_DIR as h<hours>, and
# each plays one opponent at equal time a move in one arena (colours alternated from random
# openings). The table, the records and a plot of the ratings by hours trained land in OUT_DIR.
#
#   scripts/overnight-curve.sh [--games N] [--movetime-ms MS] [--against SPEC] [--extra SPEC]
#                              [--search CONFIG] [--tabula BIN] OUT_DIR [PACKED]
#
# PACKED defaults to checkpoints/score4/overnight-run.tar.xz; --games to 100 (per model),
# --movetime-ms to 100, --against to alphabeta; --extra adds a player to the models (e.g.
# `shipped:100ms`, the shipped 1-hour model); --search plays every piece with CONFIG's [search]
# section (e.g. the shipped checkpoints/GAME/config.toml) instead of the run's own, so that the
# curve measures the network alone; --tabula names the binary (default: tabula).
set -euo pipefail
usage="usage: scripts/overnight-curve.sh [--games N] [--movetime-ms MS] [--against SPEC] [--extra SPEC] [--search CONFIG] [--tabula BIN] OUT_DIR [PACKED]"
games=100
ms=100
tabula=${TABULA:-tabula}
against=alphabeta
extra=()
search=
while [[ $# -gt 0 && $1 == -* ]]; do
    case $1 in
        --games) games=${2:?$usage}; shift 2 ;;
        --movetime-ms) ms=${2:?$usage}; shift 2 ;;
        --tabula) tabula=${2:?$usage}; shift 2 ;;
        --against) against=${2:?$usage}; shift 2 ;;
        --extra) extra+=("${2:?$usage}"); shift 2 ;;
        --search) search=$(realpath -m "${2:?$usage}"); shift 2 ;;
        --help|-h) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "overnight-curve: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
    esac
done
out=${1:?$usage}
packed=${2:-checkpoints/score4/overnight-run.tar.xz}
repo=$(cd "$(dirname "$0")/.." && pwd)
[[ -e $packed ]] || packed="$repo/$packed"
packed=$(realpath --relative-to="$repo" "$packed")
[[ $packed == *.tar.xz ]] || { echo "overnight-curve: $packed is not a run packed by scripts/pack-run.sh (*.tar.xz)" >&2; exit 1; }
[[ -z $search || -f $search ]] || { echo "overnight-curve: no config $search" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$repo"
git ls-files --error-unmatch "$packed" >/dev/null 2>&1 || { echo "overnight-curve: git does not track $packed" >&2; exit 1; }
mkdir -p "$out/pieces"
# Replaces the [search] table of the config $2 (with any [search.*] subtables) by that of $1: a
# table runs from its header to the next header line, so array lines that open with "[" stay in.
with_search_of() {
    python3 - "$1" "$2" <<'PY'
import re, sys
header = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.\-]+)\s*\]\]?\s*(#.*)?$")

def split(text):
    """(lines before the [search] table, its lines, lines after); None if there is none."""
    lines, start = text.splitlines(keepends=True), None
    for i, line in enumerate(lines):
        m = header.match(line)
        name = m and m.group(1)
        if start is None and name == "search":
            start = i
        elif start is not None and name and name != "search" and not name.startswith("search."):
            return lines[:start], lines[start:i], lines[i:]
    return None if start is None else (lines[:start], lines[start:], [])

source, target = (split(open(path).read()) for path in sys.argv[1:3])
if source is None or target is None:
    sys.exit("overnight-curve: both configs need a [search] table")
body = "".join(source[1])
if target[2] and not body.endswith("\n\n"):
    body += "\n"  # a blank line before the next table, as the configs have
open(sys.argv[2], "w").write("".join(target[0]) + body + "".join(target[2]))
PY
}
players=()
for commit in $(git log --reverse --format=%h -- "$packed"); do
    tmp=$(mktemp -d "$out/pieces/unpack.XXXXXX")
    git show "$commit:$packed" | tar -xJ -C "$tmp"
    run=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d)
    progress="$run/checkpoints/$(cat "$run/checkpoints/latest")/progress.json"
    # The run's trained time: the last log line that reports it (progress.json counts seconds too,
    # but the log's "hours" is what the README's table of pieces quotes).
    hours=$(grep -o '"hours":[0-9.]*' "$run/log.jsonl" | tail -n 1 | cut -d: -f2)
    [[ -n $hours && -f $progress ]] || { echo "overnight-curve: $commit's $packed holds no trained checkpoint" >&2; exit 1; }
    name=$(printf 'h%.2f' "$hours")
    rm -rf "${out:?}/pieces/$name"
    mv "$run" "$out/pieces/$name"
    rmdir "$tmp"
    echo "overnight-curve: $commit -> $out/pieces/$name"
    [[ -z $search ]] || with_search_of "$search" "$out/pieces/$name/config.toml"
    players+=("run:$out/pieces/$name:${ms}ms")
    game=$(sed -n 's/^game *= *"\(.*\)"/\1/p' "$out/pieces/$name/config.toml")
done
[[ ${#players[@]} -gt 0 ]] || { echo "overnight-curve: no version of $packed in git's history" >&2; exit 1; }
"$tabula" arena "$game" --players "${players[@]}" "${extra[@]}" "$against" --gauntlet "$against" \
    --movetime-ms "$ms" --games "$games" --records "$out/records.jsonl" --plot "$out/curve.png" --plot-in-order | tee "$out/table.txt"
