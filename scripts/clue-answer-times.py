#!/usr/bin/env python3
"""How long Clue programs take to answer each kind of command, as the arbitrator sees it.

    scripts/clue-answer-times.py [--games 8] [--seed 1] [--arbiter clue-arbiter] SEAT SEAT...

Plays `clue-arbiter --games N --seed S SEAT...`; a seat written `timed:COMMAND` runs COMMAND
behind a relay that times each answer from the moment its command is passed on to the moment
its line comes back. Prints, per timed seat and kind of command, the count and the median, 90th
percentile and largest time in ms; `show` is split by how many listed items the program held (one:
the answer is forced; several: it chooses), the difference an asker could read from an unpaced
bot. Example, the shipped bot paced and unpaced against two `shrewd`:

    scripts/clue-answer-times.py timed:clue-bot "timed:clue-bot --pace-ms 0" \\
        "clue-bot --agent shrewd --pace-ms 0" "clue-bot --agent shrewd --pace-ms 0"
"""

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict


def relay(log_path, command):
    """Passes stdin to `command` line by line and its answers back, logging each answer's time."""
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    hand = set()
    with open(log_path, "a") as log:
        for line in sys.stdin.buffer:
            text = line.decode("ascii", "replace").strip().lower()
            words = text.replace(":", " ").replace(";", " ").split()
            kind = words[0] if words else ""
            if kind == "new" and "hand" in words:
                hand = {w for w in words[words.index("hand") + 1:] if w.isdigit()}
            if kind == "show":
                held = len(hand.intersection(words[2:]))
                kind = {0: "show, holding none", 1: "show, holding 1"}.get(held, "show, holding 2+")
            start = time.perf_counter()
            child.stdin.write(line)
            child.stdin.flush()
            answer = child.stdout.readline()
            took = (time.perf_counter() - start) * 1000
            log.write(f"{kind}\t{took:.3f}\n")
            log.flush()
            sys.stdout.buffer.write(answer)
            sys.stdout.buffer.flush()
            if not answer or kind == "quit":
                break
    child.stdin.close()
    child.wait()


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--relay":
        relay(sys.argv[2], sys.argv[3:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arbiter", default="clue-arbiter")
    parser.add_argument("seats", nargs="+")
    args = parser.parse_args()
    logs = tempfile.mkdtemp(prefix="clue-answer-times-")
    seats, timed = [], []
    for i, seat in enumerate(args.seats):
        if seat.startswith("timed:"):
            path = os.path.join(logs, f"seat{i}.tsv")
            command = seat[len("timed:"):]
            timed.append((command, path))
            seat = shlex.join([sys.executable, os.path.abspath(__file__), "--relay", path] + shlex.split(command))
        seats.append(seat)
    result = subprocess.run([args.arbiter, "-q", "--games", str(args.games), "--seed", str(args.seed)] + seats,
                            capture_output=True, text=True)
    sys.stderr.write(result.stdout)
    if result.returncode != 0:
        sys.exit(f"clue-answer-times: the arbitrator failed: {result.stderr.strip()}")
    print("| program | command | answers | median ms | 90th percentile ms | largest ms |")
    print("|---|---|---|---|---|---|")
    for command, path in timed:
        times = defaultdict(list)
        with open(path) as log:
            for line in log:
                kind, took = line.rstrip("\n").split("\t")
                times[kind].append(float(took))
        for kind in sorted(times):
            t = sorted(times[kind])
            p90 = t[min(len(t) - 1, int(0.9 * len(t)))]
            print(f"| `{command}` | {kind} | {len(t)} | {statistics.median(t):.1f} | {p90:.1f} | {t[-1]:.1f} |")


if __name__ == "__main__":
    main()
