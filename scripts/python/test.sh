#!/usr/bin/env bash
# Builds the Python package into a fresh virtual environment, as a user would install it
# (pip install ./crates/queens-py), and runs its pytest suite.
set -euo pipefail
cd "$(dirname "$0")/../.."

venv=target/python-test
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip
"$venv/bin/pip" install -q "./crates/queens-py[test,progress]"
# Run from the tests' folder, not the source tree, so that `import queens` is the
# installed package. pytest exits 5 when it collects no tests: with `set -e` that fails
# this script, as every exit but 0 does.
cd crates/queens-py/tests
"../../../$venv/bin/python" -m pytest -q -p no:cacheprovider .
