#!/usr/bin/env bash
# Period certificates end to end (docs/certificates.md): the release binary
# writes the certificates of ten octal games with known periods (Winning
# Ways, ch. 4; Flammenkamp's tables), one of them resting on more than 10^6
# values (0.376: 4,536,507), and scripts/check-certificate.py, which shares
# no code with the engine, must accept each, and reject each of the wrong
# certificates scripts/mutate-certificate.py makes from it (a value changed,
# a wrong period, a period or preperiod not least, a false preperiod, a
# wrong bound).
# Usage: scripts/certificates.sh [PYTHON]  (a Python 3 with numpy; default
# python3). Builds the release binary if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${1:-python3}"
cargo build --release -q -p sprague-cli
sprague="$PWD/target/release/sprague"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
games="0.07 0.77 0.137 0.4 0.51 0.35 0.72 0.177 0.156 0.16 0.56 0.376"
failed=0
for code in $games; do
    start=$SECONDS
    "$sprague" table "octal[$code]" --period --summary --certificate "$work/$code.cert" >/dev/null
    made=$((SECONDS - start))
    if ! line="$("$python" scripts/check-certificate.py "$work/$code.cert")"; then
        echo "FAIL: the certificate of $code was rejected: $line"
        failed=1
        continue
    fi
    echo "$code: certificate in ${made} s; $line"
    "$python" scripts/mutate-certificate.py "$work/$code.cert" "$work/$code.wrong"
    for wrong in "$work/$code.wrong"/*.cert; do
        if line="$("$python" scripts/check-certificate.py "$wrong")"; then
            echo "FAIL: $code $(basename "$wrong") was accepted: $line"
            failed=1
        else
            echo "  rejected $(basename "$wrong"): $line"
        fi
    done
done
if [ "$failed" = 1 ]; then
    echo "certificates: FAILED"
    exit 1
fi
echo "certificates: all accepted, every wrong one rejected"
