"""Rendering shared by the PettingZoo and Gymnasium envs: the game's own text board."""

from __future__ import annotations

RENDER_MODES = ["ansi", "human"]


def check_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not one of {RENDER_MODES}")
    return render_mode


def render(native, render_mode: str | None):
    """``"ansi"``: the board as a string; ``"human"``: printed; ``None``: nothing."""
    if render_mode is None:
        return None
    board = native.render()
    if render_mode == "human":
        print(board)
        return None
    return board
