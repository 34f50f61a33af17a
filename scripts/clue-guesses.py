#!/usr/bin/env python3
"""How often a Clue player guesses wrong, from `tabula arena --records` files.

Usage: python3 scripts/clue-guesses.py RECORDS.jsonl [MORE.jsonl ...] --player NAME

Counts, over the games where NAME is the measured player (the record's `seat`), the games in
which it guessed wrong and those in which it opened the game with a guess. A record holds the
moves but not the deal, so right and wrong are read from the ranks: right guessers rank first in
guessing order, wrong ones after them, the last to guess first (`ClueState::ranking`); the one
hidden set (a guess, or none) that gives the recorded returns is the deal's.
"""
import argparse
import json
import re


def guesses(record):
    """[(seat, items guessed)] in guessing order, replaying the turn order from the moves."""
    players = len(record["players"])
    hidden = int(re.search(r"hidden=(\d+)", record["game"]).group(1))
    active, seat, first, out = list(range(players)), 0, True, []
    moves, i = record["moves"], 0
    while i < len(moves):
        move = moves[i]
        if move.startswith("ask") or move == "guess":
            if not first:
                seat = (seat + 1) % players
                while seat not in active:
                    seat = (seat + 1) % players
            first = False
            if move == "guess":
                out.append((seat, frozenset(moves[i + 1 : i + 1 + hidden])))
                active.remove(seat)
                i += 1 + hidden
                continue
        i += 1
    return out


def judged(record):
    """[(seat, right?)] in guessing order, or None when no hidden set fits the returns."""
    made = guesses(record)
    players = len(record["players"])
    for hidden in [g for _, g in made] + [None]:
        right = [s for s, g in made if g == hidden]
        wrong = [s for s, g in made if g != hidden]
        ranking = right + wrong[::-1]
        utility = {s: 1 - 2 * k / (players - 1) for k, s in enumerate(ranking)}
        if len(ranking) == players and all(abs(utility[s] - record["returns"][s]) < 1e-9 for s in range(players)):
            return [(s, g == hidden) for s, g in made]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--player", required=True)
    args = parser.parse_args()
    games = wrong = opened = unread = 0
    seen = set()
    for path in args.records:
        for line in open(path):
            record = json.loads(line)
            if record["players"][record["seat"]] != args.player:
                continue
            key = (record["seed"], record["seat"], tuple(record["players"]))
            if key in seen:  # the field's own row, in two files
                continue
            seen.add(key)
            result = judged(record)
            if result is None:
                unread += 1
                continue
            games += 1
            wrong += any(s == record["seat"] and not ok for s, ok in result)
            opened += record["moves"][:1] == ["guess"]
    print(
        f"{args.player}: {games} games, guessed wrong in {wrong} ({100 * wrong / max(games, 1):.1f}%), "
        f"opened with a guess in {opened}" + (f"; {unread} games whose ranks no guess explains" if unread else "")
    )


if __name__ == "__main__":
    main()
