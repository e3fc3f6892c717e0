"""scripts/check-certificate.py on malformed certificates (issue 28): the
header and its bounds are checked before any value is decompressed, and
every malformed header is "invalid" with a reason, never a traceback."""

import gzip
import json
import os
import resource
import subprocess
import sys

import pytest

from conftest import REPO

# The checker runs in this interpreter and needs numpy; without it the
# tests say so and are skipped (the README's venv line installs it).
pytest.importorskip("numpy", reason="scripts/check-certificate.py needs numpy")

CHECKER = REPO / "scripts" / "check-certificate.py"

HEADER = {
    "format": "sprague-period-certificate",
    "version": 1,
    "ruleset": "kayles",
    "code": "0.77",
    "preperiod": 70,
    "period": 12,
    "bound": 2 * 70 + 2 * 12 + 2,
    "values": 2 * 70 + 2 * 12 + 2,
    "encoding": "u16le",
}


def check(path):
    """The checker's output, exit status and peak memory in MB (of the
    child: its own ru_maxrss, read by a wrapper)."""
    wrapper = (
        "import resource, runpy, sys; sys.argv = sys.argv[1:]\n"
        "try:\n    runpy.run_path(sys.argv[0], run_name='__main__')\n"
        "finally:\n    print('maxrss', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", wrapper, str(CHECKER), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    maxrss = int(done.stderr.split("maxrss")[-1])
    return done.stdout, done.returncode, done.stderr.split("maxrss")[0], maxrss / 1024


def write(path, data):
    with gzip.open(path, "wb", compresslevel=9) as f:
        f.write(data)
    return path


def assert_invalid(out, code, err, reason):
    assert code in (1, 2), out + err
    assert "Traceback" not in err, err
    assert out.count("\n") == 1 and out.startswith("invalid: "), out
    assert reason in out, out


def test_a_gzip_of_zeros_is_refused_from_its_first_bytes(tmp_path):
    # Issue 28: a 3 MB gzip of zeros took 2.4 GB.
    path = tmp_path / "zeros.cert"
    with gzip.open(path, "wb", compresslevel=9) as f:
        chunk = bytes(1 << 24)
        for _ in range(150):
            f.write(chunk)
    out, code, err, mb = check(path)
    assert_invalid(out, code, err, "no header line")
    assert mb < 200, f"{mb:.0f} MB"


def test_a_header_claiming_two_to_the_31_values_is_not_believed(tmp_path):
    # Issue 28: 4.2 GB for a header that claims 2^31 values and holds few.
    header = dict(HEADER, values=2**31)
    path = write(tmp_path / "big.cert", json.dumps(header).encode() + b"\n" + bytes(1000))
    out, code, err, mb = check(path)
    assert code in (1, 2) and "Traceback" not in err, out + err
    assert out.startswith("invalid: "), out
    assert mb < 200, f"{mb:.0f} MB"
    header = dict(HEADER, values=2**40)
    path = write(tmp_path / "huge.cert", json.dumps(header).encode() + b"\n")
    out, code, err, _ = check(path)
    assert_invalid(out, code, err, "more than 4294967296")


@pytest.mark.parametrize("depth", [1000, 3000, 100_000])
def test_nested_brackets_are_an_invalid_header(tmp_path, depth):
    # Issue 28: 10^5 nested brackets ended in a RecursionError traceback.
    path = write(tmp_path / "deep.cert", b"[" * depth + b"\n")
    out, code, err, _ = check(path)
    assert code == 2 and "Traceback" not in err, out + err
    assert out.startswith("invalid: ") and ("not JSON" in out or "no header line" in out), out


@pytest.mark.parametrize(
    "change, reason",
    [
        ({"values": -1}, "`values` must be a non-negative integer"),
        ({"period": "12"}, "`period` must be a non-negative integer"),
        ({"preperiod": True}, "`preperiod` must be a non-negative integer"),
        ({"code": 77}, "no octal code"),
        ({"code": "0." + "7" * 2000}, "longer than any"),
        ({"version": 2}, "version 2"),
        ({"saltus": [1]}, "arithmetic period"),
        ({"preperiod": 10**300, "values": 10}, "the theorem needs"),
        ({"bound": 1}, "not the theorem's"),
    ],
)
def test_every_malformed_header_is_invalid_with_a_reason(tmp_path, change, reason):
    header = dict(HEADER, **change)
    path = write(tmp_path / "bad.cert", json.dumps(header).encode() + b"\n" + bytes(2 * 166))
    out, code, err, _ = check(path)
    assert_invalid(out, code, err, reason)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    path = tmp_path / "fifo.cert"
    os.mkfifo(path)
    out, code, err, _ = check(path)
    assert_invalid(out, code, err, "not a regular file")
