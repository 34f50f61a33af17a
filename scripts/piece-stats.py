#!/usr/bin/env python3
"""A piece of a run carried in pieces (scripts/pack-run.sh): from the run's log.jsonl, the rows
logged after AFTER hours (where the piece began) give the median self-play positions/s and CPU
use, the last row's hours, step and games, and the in-training evaluations in that span.

    scripts/piece-stats.py RUN/log.jsonl AFTER

The overnight runs' README tables (checkpoints/<game>/README.md) take their rows from it.
"""
import json
import statistics
import sys

if len(sys.argv) != 3:
    sys.exit("usage: scripts/piece-stats.py RUN/log.jsonl AFTER")
path, after = sys.argv[1], float(sys.argv[2])
rates, cpu, evals, last = [], [], [], None
try:
    lines = open(path).read().splitlines()
except OSError as e:
    sys.exit(f"{path}: {e.strerror}")
for line in lines:
    try:
        row = json.loads(line)
    except json.JSONDecodeError:
        continue  # a torn last line of a killed run
    if "hours" in row:
        last = row
        if row["hours"] > after:
            rates.append(row["selfplay_positions_per_s"])
            cpu.append(row["cpu_utilisation"])
    elif last is not None and last["hours"] > after:
        scores = {k.split("/")[1]: v for k, v in row.items() if k.startswith("eval/") and k.endswith("/score")}
        if scores:
            evals.append((row["step"], scores))
if not rates:
    sys.exit(f"{path}: no rows after {after} hours")
print(f"rows {len(rates)}, median self-play positions/s {statistics.median(rates):.0f}, median CPU {100 * statistics.median(cpu):.0f}%")
print(f"last: hours {last['hours']:.3f}, step {last['step']}, games {last['games']:.0f}")
for step, scores in evals:
    print(f"eval at step {step}: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in sorted(scores.items())))
