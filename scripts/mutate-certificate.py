#!/usr/bin/env python3
"""Make wrong certificates from a right one, for CI to check that
scripts/check-certificate.py rejects each (scripts/certificates.sh).

    python3 scripts/mutate-certificate.py FILE OUT_DIR

Writes into OUT_DIR, from FILE's claim (code, preperiod n0, period p):
  value.cert      one value G(i) changed (xor 1), i drawn with a fixed seed
                  from the preperiod's heaps below n0 - 1 when there are any
                  (where only the value check can see it), else from all;
  period.cert     period p - 1 (p + 1 when p = 1), the bound left as it was;
  period-2p.cert  period 2p, true but not least, with the values extended by
                  the true period to the bound 2p needs;
  preperiod-up.cert    preperiod n0 + 1, true but not least, values extended;
  preperiod-down.cert  preperiod n0 - 1 (only when n0 > 0): false;
  bound.cert      the header's bound one more than the theorem's.
The values are extended with G(n) = G(n - p), which the true claim proves;
the bound is recomputed as the checker's docstring gives it. Needs numpy.
"""

import gzip
import json
import os
import random
import sys

import numpy as np


def read(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    newline = data.index(b"\n")
    return json.loads(data[:newline]), np.frombuffer(data[newline + 1 :], dtype="<u2").copy()


def write(path, claim, values):
    claim = dict(claim, values=len(values))
    with gzip.open(path, "wb") as f:
        f.write(json.dumps(claim).encode() + b"\n")
        f.write(values.astype("<u2").tobytes())


def theorem_bound(code, n0, p):
    digits = [int(c) for c in code.replace(".", "")]
    t = max((k for k, d in enumerate(digits) if d), default=0)
    h = 2 if any(d & 4 for d in digits) else 1
    return h * max(n0, 1) + h * p + t


def extended(values, n0, p, length):
    out = list(values)
    while len(out) < length:
        out.append(out[len(out) - p])
    return np.array(out[:length] if length >= len(values) else out, dtype=np.uint16)


def main(path, out_dir):
    claim, values = read(path)
    code, n0, p = claim["code"], claim["preperiod"], claim["period"]
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(20261125)
    changed = values.copy()
    i = rng.randrange(n0 - 1) if n0 >= 2 else rng.randrange(len(values))
    changed[i] ^= 1
    write(os.path.join(out_dir, "value.cert"), claim, changed)
    write(os.path.join(out_dir, "period.cert"), dict(claim, period=p - 1 if p > 1 else p + 1), values)
    b = theorem_bound(code, n0, 2 * p)
    write(os.path.join(out_dir, "period-2p.cert"), dict(claim, period=2 * p, bound=b), extended(values, n0, p, b))
    b = theorem_bound(code, n0 + 1, p)
    write(os.path.join(out_dir, "preperiod-up.cert"), dict(claim, preperiod=n0 + 1, bound=b), extended(values, n0, p, b))
    if n0 > 0:
        b = theorem_bound(code, n0 - 1, p)
        write(os.path.join(out_dir, "preperiod-down.cert"), dict(claim, preperiod=n0 - 1, bound=b), values)
    write(os.path.join(out_dir, "bound.cert"), dict(claim, bound=claim["bound"] + 1), values)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: mutate-certificate.py FILE OUT_DIR", file=sys.stderr)
        sys.exit(2)
    main(sys.argv[1], sys.argv[2])
