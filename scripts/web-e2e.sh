#!/usr/bin/env bash
# The web explorer in a real browser: builds `sprague`, installs headless
# Chromium and Node from Debian if they are missing, and runs
# scripts/web-e2e.mjs (analyze, follow a move, a bad position underlined,
# games of Nim, Treblecross, games/words.txt and Domineering (as Left, as Right, misère with the engine first) against the engine with the
# colours of every move checked against `sprague analyze --moves --json`, a
# thermograph whose walls meet its mast and whose labels do not touch, blind play, every example drawn, a table and its chart kept in the address, a table of figures (euclid's atomic weights, a filter, Dawson's Kayles laid out by its period) matching `sprague table --json`, the game tree of CGSuite's tutorial Clobber position opened three levels with its sensible and reversible options marked, every cgt figure on the page, boards, generalised Toads and Frogs rows and heaps edited by clicks, the view kept in the address). Prints "N
# passed, M failed".
# Usage: scripts/web-e2e.sh [screenshot-dir]
# (`scripts/web-e2e.sh docs/screenshots` refreshes the README's pictures.)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v node >/dev/null || missing+=(nodejs)
if ((${#missing[@]})); then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cargo build --release -p sprague-cli
# Node 20 has WebSocket behind a flag; later versions have it always.
flag=()
if node --experimental-websocket -e '' 2>/dev/null; then
    flag=(--experimental-websocket)
fi
exec node "${flag[@]}" --no-warnings scripts/web-e2e.mjs target/release/sprague "$@"
