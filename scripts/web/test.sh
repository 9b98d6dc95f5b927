#!/usr/bin/env bash
# Builds the web page and tests it in a real headless Chromium through WebDriver.
# Installs Debian's chromium and chromium-driver when missing (needs root or sudo).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver fonts-dejavu-core >/dev/null
fi
bash scripts/web/build.sh
# The page is served by `nqueens web`, as users serve it.
cargo build --locked -p nqueens-cli
export NQUEENS="$PWD/target/debug/nqueens"
# One browser at a time: the tests time the page, and two cores are all CI has.
cargo test --locked -p queens-web --test main -- --ignored --test-threads=1
echo "screenshots in target/web-test/" >&2
