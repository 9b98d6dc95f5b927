#!/usr/bin/env bash
# Cross-checks completion verdicts against CaDiCaL (python-sat, from the Python registry)
# and MiniZinc with Gecode (Debian's packages), installing them when missing.
# Any disagreement fails; see cross_check.py.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v minizinc >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq minizinc >/dev/null
fi
venv=target/cross-check
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q python-sat
cargo build --quiet --locked --bin nqueens
"$venv/bin/python" scripts/cross-check/cross_check.py --nqueens target/debug/nqueens "$@"
