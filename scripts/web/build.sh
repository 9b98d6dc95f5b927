#!/usr/bin/env bash
# Builds the web page into target/web: the engine (crates/queens-web) compiled to
# WebAssembly, its JavaScript glue from wasm-bindgen, and the static files of www/.
# Installs what it needs the first time: the wasm32 target, and wasm-bindgen-cli of
# exactly the version in Cargo.lock (the two must match).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/web

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
    # --force: a copy recorded as installed but missing from PATH is rebuilt too.
    cargo install --force wasm-bindgen-cli --version "$version"
fi

cargo build --release --locked --target wasm32-unknown-unknown -p queens-web
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" \
    target/wasm32-unknown-unknown/release/queens_web.wasm
cp crates/queens-web/www/* "$out/"
echo "built the page in $out ($(du -sh "$out" | cut -f1)); serve it with: cargo run --release -- web" >&2
