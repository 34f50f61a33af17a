#!/usr/bin/env bash
# The Python bindings' tests: builds the module `tabula` (bindings/python, pyo3 + maturin) into a
# virtual environment and runs PettingZoo's api_test and seed_test on every multi-player game,
# Gymnasium's check_env on Superball, and tabula's agents from Python (bindings/python/tests).
#
#   scripts/python-tests.sh            # what .ci/run runs
#   TABULA_VENV=/tmp/venv scripts/python-tests.sh -k gymnasium   # another venv; pytest arguments
#
# The venv is $TABULA_VENV (default ~/.cache/tabula-venv); its packages are installed by name from
# the package index: maturin, numpy, gymnasium, pettingzoo, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${TABULA_VENV:-$HOME/.cache/tabula-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy gymnasium pettingzoo pytest

# `maturin develop` builds the module with cargo's dev profile (the test build's cache serves it)
# and installs it into the venv.
export VIRTUAL_ENV="$venv" PATH="$venv/bin:$PATH"
maturin develop --quiet --manifest-path bindings/python/Cargo.toml --locked
python -m pytest -q bindings/python/tests "$@"
