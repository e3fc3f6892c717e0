"""`sprague.survey` and `python -m sprague survey`: the shift rule of its
equivalences on every code it applies to, its results against the `table`
path alone and against Czajka and Beling's published classification, a
survey on a local Dask cluster of two workers that is killed and resumed,
and one that loses a worker."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
import zlib

import pytest

import sprague
from sprague.survey import equivalences, expand, markdown_table, shifted
from sprague.survey import run as survey_run

from conftest import REPO

# Czajka and Beling, "Solving octal games", repository
# beling/tczajka-octal-games (commit 267a3de7, 2024-10-19), TrivialGames.md:
# code: (prefix, period), the prefix being the least preperiod.
TRIVIAL = {
    ".1": (2, 1), ".4": (54, 34), ".02": (1, 4), ".11": (3, 1), ".12": (1, 4),
    ".15": (1, 10), ".17": (33, 34), ".22": (1, 3), ".26": (1, 4), ".31": (3, 2),
    ".32": (1, 3), ".34": (7, 8), ".35": (1, 6), ".44": (143, 24), ".51": (1, 1),
    ".52": (4, 4), ".53": (11, 9), ".54": (3, 7), ".57": (1, 4), ".71": (3, 2),
    ".72": (1, 4), ".75": (1, 2), ".77": (71, 12), "4.3": (2, 2),
    ".002": (1, 6), ".017": (15, 60), ".022": (1, 5), ".044": (214, 36),
    ".045": (189, 32), ".051": (48, 48), ".055": (259, 148), ".101": (4, 1),
    ".102": (1, 6), ".111": (4, 1), ".112": (1, 6), ".115": (1, 14),
    ".116": (139, 96), ".121": (4, 4), ".122": (1, 5), ".123": (5, 5),
    ".124": (122, 62), ".131": (4, 4), ".132": (1, 5), ".134": (60, 62),
    ".141": (14, 11), ".144": (4, 10), ".145": (3, 9), ".147": (3, 8),
    ".152": (2, 48), ".153": (16, 14), ".154": (4, 11), ".157": (1, 6),
    ".171": (12, 11), ".173": (21, 40), ".176": (24, 8), ".226": (21, 5),
    ".312": (5, 2), ".316": (4, 12), ".331": (4, 3), ".332": (1, 4),
    ".351": (1, 8), ".353": (4, 2), ".373": (2, 28), ".375": (37, 18),
    ".512": (3, 6), ".524": (1, 52), ".532": (7, 5), ".536": (1, 5),
    ".772": (8, 4), "4.12": (6, 7), "4.72": (1, 3),
}

# The same, SolvedGames.md: code: (prefix, period, largest index, largest),
# the games of at most three digits whose proof needs fewer than 2^16 values.
SOLVED = {
    ".45": (498, 20, 37, 8),
    ".156": (3479, 349, 1032, 23),
    ".356": (7315, 142, 86, 19),
    ".644": (3256, 442, 333, 64),
    ".165": (5181, 1550, 620, 25),
}

# The same, UnsolvedGames.md: the codes of 0.ddd (or fewer digits) whose
# period nobody has proved.
UNSOLVED = (
    ".6 .04 .06 .14 .36 .64 .74 .76 .004 .005 .006 .014 .015 .016 .024 .026 "
    ".034 .054 .064 .104 .106 .114 .125 .126 .135 .136 .142 .143 .146 .161 "
    ".162 .163 .164 .166 .167 .172 .174 .204 .205 .206 .207 .224 .244 .245 "
    ".264 .314 .324 .334 .336 .342 .344 .346 .362 .364 .366 .371 .374 .404 "
    ".414 .416 .444 .454 .564 .604 .606 .744 .764 .774 .776"
).split()

# The 0.dd survey of CI: every code to 2^14 heaps at most.
MAX_HEAPS = 2**14


def full(code):
    return "0" + code if code.startswith(".") else code


def values(code, to):
    return sprague.table(f"octal[{code}]", to=to)["values"]


def without_time(result):
    return {k: v for k, v in result.items() if k != "seconds"}


def test_patterns_expand_to_every_code_whose_last_digit_is_not_0():
    assert len(expand("0.dd")) == 56 and expand("0.dd")[:3] == ["0.01", "0.02", "0.03"]
    assert len(expand("0.ddd")) == 448 and expand("0.ddd")[-1] == "0.777"
    assert len(expand("4.dd")) == 56 and expand("4.dd")[0] == "4.01"
    assert len(expand("0.hh")) == 240 and expand("0.hh")[-1] == "0.ff"
    assert expand("0.1d") == ["0.11", "0.12", "0.13", "0.14", "0.15", "0.16", "0.17"]
    with pytest.raises(ValueError, match="pattern"):
        expand("0.dx")


def test_the_shift_rule_on_every_code_it_applies_to():
    """G(n) = G_s(n - 1), s = shifted(code), on heaps 0..1000, for every
    code of 0.d, 0.dd, 0.ddd and 4.dd whose heap of one is dead."""
    checked = 0
    for pattern in ("0.d", "0.dd", "0.ddd", "4.dd"):
        for code in expand(pattern):
            s = shifted(code)
            if s is None:
                assert int(code.split(".")[1][0], 16) & 1, code
                continue
            mine, theirs = values(code, 1000), values(s, 999)
            assert mine == [0] + theirs, (code, s)
            checked += 1
    # Half of the codes of each pattern have an even first digit.
    assert checked == 3 + 28 + 224 + 28


def test_the_equivalences_of_0ddd_hold_on_1000_heaps():
    """Every code marked equivalent has the values of its representative
    from heap `offset` on (the shift rule followed along both chains)."""
    for pattern in ("0.dd", "0.ddd"):
        links = equivalences(expand(pattern))
        assert links
        for code, (rep, offset) in links.items():
            assert offset >= 0
            assert values(code, 1000) == values(rep, 1000 + offset)[offset:], (code, rep)


def test_the_lookup_of_czajka_and_beling_where_it_is_a_shift():
    """Entries of their GameLookup.md that the shift rule alone explains:
    .07 -> .4, .41 -> .17, .03 -> .02, .42 -> .4 (rows .0x and .4x)."""
    # .4 and .42: the same code after one shift each.
    assert shifted("0.4") == shifted("0.42") == "0.07"
    assert shifted("0.07") == "0.137"
    assert shifted("0.41") == "0.17"
    assert shifted("0.02") == "0.03"


def test_periods_agree_with_czajka_and_beling():
    for code, (prefix, period) in TRIVIAL.items():
        r = sprague.survey_game(full(code), max_heaps=2**16)
        assert r["stopped"] == "proved", code
        assert (r["period"]["preperiod"], r["period"]["period"]) == (prefix, period), code
    for code, (prefix, period, largest_at, largest) in SOLVED.items():
        r = sprague.survey_game(full(code), max_heaps=2**16)
        assert r["stopped"] == "proved", code
        p = r["period"]
        assert (p["preperiod"], p["period"], p["saltus"]) == (prefix, period, 0), code
        assert (r["largest"], r["largest_at"]) == (largest, largest_at), code


def test_a_proved_period_comes_with_its_certificates_digest():
    """The digest is the CRC-32 of what a certificate of the period holds
    after its header (docs/certificates.md): G(0..bound) as little-endian
    16-bit integers, bound = certified_at."""
    import struct

    for code in ("0.137", "0.45", "0.156"):
        r = sprague.survey_game(code)
        bound = r["period"]["certified_at"]
        assert r["certificate"]["bound"] == bound
        packed = struct.pack(f"<{bound}H", *values(code, bound - 1))
        assert r["certificate"]["crc32"] == zlib.crc32(packed), code
    assert sprague.survey_game("0.6", max_heaps=1000)["certificate"] is None


def test_the_digest_is_that_of_the_certificate_the_command_writes(tmp_path):
    """Against a certificate written by `sprague table --certificate` (the
    release binary CI builds before the Python tests)."""
    import gzip

    binary = REPO / "target" / "release" / "sprague"
    if not binary.exists():
        pytest.skip("no release binary: cargo build --release -p sprague-cli")
    path = tmp_path / "0156.cert"
    subprocess.run(
        [str(binary), "table", "octal[0.156]", "--period", "--summary", "--certificate", str(path)],
        check=True,
        capture_output=True,
    )
    data = gzip.open(path).read()
    newline = data.index(b"\n")
    header = json.loads(data[:newline])
    digest = sprague.survey_game("0.156")["certificate"]
    assert digest == {"bound": header["bound"], "crc32": zlib.crc32(data[newline + 1 :])}


def test_a_survey_writes_certificates_the_independent_checker_accepts(tmp_path):
    """`certificates=DIR`: each proved plain period of an octal code gets
    DIR/CODE.cert, which scripts/check-certificate.py (sharing no code with
    the engine) accepts, whose values are those the digest names; an
    unproved code, an equivalent code and a hexadecimal code get none. A
    run read back from `out` writes again only the files that are
    missing."""
    import gzip

    pytest.importorskip("numpy", reason="scripts/check-certificate.py needs numpy")

    certs = tmp_path / "certs"
    out = tmp_path / "survey.jsonl"
    codes = ["0.137", "0.156", "0.6", "0.f", "0.02", "0.03"]
    results, counted = survey_run(
        codes, 2**16, None, 1, "local", None, str(out), str(certs)
    )
    by_code = {r["code"]: r for r in results}
    # 0.03 is 0.02 shifted by one heap: equivalent, not computed.
    assert by_code["0.03"]["equivalent_to"] == "0.02"
    assert by_code["0.6"]["certificate"] is None
    assert "file" not in by_code["0.f"]["certificate"]
    assert sorted(os.listdir(certs)) == ["0.02.cert", "0.137.cert", "0.156.cert"]
    checker = REPO / "scripts" / "check-certificate.py"
    for code in ("0.02", "0.137", "0.156"):
        digest = by_code[code]["certificate"]
        assert digest["file"] == str(certs / f"{code}.cert")
        data = gzip.open(digest["file"]).read()
        newline = data.index(b"\n")
        header = json.loads(data[:newline])
        assert (header["code"], header["bound"]) == (code, digest["bound"])
        assert zlib.crc32(data[newline + 1 :]) == digest["crc32"]
        done = subprocess.run(
            [sys.executable, str(checker), digest["file"]], capture_output=True, text=True
        )
        assert done.returncode == 0 and done.stdout.startswith("valid: "), done.stdout + done.stderr
    # One file lost: read back, only that code is computed again.
    first = (certs / "0.156.cert").read_bytes()
    os.remove(certs / "0.156.cert")
    again, counted = survey_run(
        codes, 2**16, None, 1, "local", None, str(out), str(certs)
    )
    assert counted["computed"] == 1, counted
    assert (certs / "0.156.cert").read_bytes() == first
    assert [r.get("period") for r in again] == [r.get("period") for r in results]


def test_a_certificate_directory_that_cannot_be_made_is_a_clear_error(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    with pytest.raises(OSError):
        sprague.survey(["0.137"], certificates=str(blocker))
    with pytest.raises(OSError):
        sprague.survey_game("0.137", certificate=str(tmp_path / "missing" / "x.cert"))
    done = subprocess.run(
        [sys.executable, "-m", "sprague", "survey", "0.137", "--certificates", str(blocker)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr


def test_the_checked_in_0ddd_table_agrees_with_czajka_and_beling():
    """docs/survey-0.ddd.md: every code they list as trivial or solved (with
    a proof within its bounds) is proved with their figures, every code
    they list as unsolved is left open."""
    rows = {}
    for line in (REPO / "docs" / "survey-0.ddd.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 9 and cells[0].startswith("0."):
            rows[cells[0]] = cells
    assert len(rows) == 448
    published = {**TRIVIAL, **{c: v[:2] for c, v in SOLVED.items()}}
    checked = 0
    for code, (prefix, period) in published.items():
        if full(code) in rows:
            cells = rows[full(code)]
            assert (cells[1], cells[2], cells[4]) == (str(period), str(prefix), "yes"), code
            checked += 1
    # 45 trivial and 4 solved codes of three digits.
    assert checked == 49
    for code in UNSOLVED:
        if full(code) in rows:
            assert rows[full(code)][4] == "no", code
    # Solved with more values than the survey's 2^16, whose largest value
    # comes first before heap 2^16 (SolvedGames.md): open here, with their
    # largest value where they found it.
    for code, largest, at in ((".127", 56, 24734), (".354", 113, 1152)):
        cells = rows[full(code)]
        assert (cells[4], cells[5], cells[6]) == ("no", f"{largest} ({at})", "65536"), code


def reference():
    """The 0.dd survey as the `table` path answers it alone, code by code:
    the period of `table(..., period=True)` where it is proved, and the
    CRC-32 of the values where it is not."""
    answer = {}
    for code in expand("0.dd"):
        answer[code] = sprague.table(f"octal[{code}]", to=MAX_HEAPS - 1)["values"]
    return answer


def check_against_table(results, table_values):
    assert [r["code"] for r in results] == expand("0.dd")
    for r in results:
        code = r["code"]
        p = r["period"]
        if r["stopped"] in ("proved", "equivalent") and p and p["certified"]:
            alone = sprague.table(f"octal[{code}]", period=True)["period"]
            if "equivalent_to" in r:
                # Derived from the representative: the proof's length is
                # the representative's.
                alone.pop("certified_at")
                p = {k: v for k, v in p.items() if k != "certified_at"}
            assert p == alone, code
        else:
            assert r["stopped"] in ("max heaps", "equivalent"), code
        if "crc32" in r:
            text = "".join(f"{v}\n" for v in table_values[code][: r["to"] + 1])
            assert r["crc32"] == zlib.crc32(text.encode()), code


@pytest.fixture(scope="module")
def table_values():
    return reference()


def test_a_survey_of_every_0dd_code_on_two_dask_workers(tmp_path, table_values):
    pytest.importorskip("distributed")
    out = tmp_path / "0.dd.jsonl"
    results = sprague.survey("0.dd", max_heaps=MAX_HEAPS, engine="dask", threads=2, out=str(out))
    check_against_table(results, table_values)
    # Of the 56 codes, 17 are equivalent to another by shifts; the other 39
    # are computed, 29 proved periodic within 2^14 heaps.
    assert sum("equivalent_to" in r for r in results) == 17
    proved = [r for r in results if r["stopped"] == "proved"]
    assert len(proved) == 29
    lines = [json.loads(l) for l in out.read_text().splitlines()]
    assert sorted(r["code"] for r in lines) == expand("0.dd")


def run_survey(out, *extra):
    return subprocess.Popen(
        [sys.executable, "-m", "sprague", "survey", "0.dd", "--engine", "dask", "--threads", "2",
         "--max-heaps", str(MAX_HEAPS), "--out", str(out), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_a_survey_killed_midway_resumes(tmp_path, table_values):
    """The run and its cluster killed with SIGKILL once results are coming
    in; run again: the same table, and only the codes missing are
    computed (each code once in the file)."""
    pytest.importorskip("distributed")
    out = tmp_path / "0.dd.jsonl"
    first = run_survey(out)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and first.poll() is None:
        if out.exists() and out.read_text().count("\n") >= 1:
            break
        time.sleep(0.005)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    kept = [json.loads(l) for l in out.read_text().splitlines() if l.endswith("}")]
    assert 1 <= len(kept) < 56, "the run was not killed midway"
    table_md = tmp_path / "0.dd.md"
    second = run_survey(out, "--table", str(table_md))
    _, err = second.communicate(timeout=300)
    assert second.returncode == 0, err
    links = equivalences(expand("0.dd"))
    done = {r["code"] for r in kept}
    missing = [c for c in expand("0.dd") if c not in done and c not in links]
    assert f"{len(missing)} computed" in err, err
    lines = [json.loads(l) for l in out.read_text().splitlines()]
    assert sorted(r["code"] for r in lines) == expand("0.dd")
    assert lines[: len(kept)] == kept
    results = sprague.survey("0.dd", max_heaps=MAX_HEAPS, out=str(out))
    check_against_table(results, table_values)
    # The table written is that of an uninterrupted run.
    whole = sprague.survey("0.dd", max_heaps=MAX_HEAPS, out=str(tmp_path / "whole.jsonl"))
    assert table_md.read_text() == markdown_table(whole)


def test_a_survey_that_loses_a_worker_completes_with_the_same_results(tmp_path):
    """A worker process killed (SIGKILL) while it computes a game: the
    scheduler reruns the game on another worker and the results are those
    of a run without the loss."""
    distributed = pytest.importorskip("distributed")
    codes = ["0.76", "0.74", "0.64", "0.137", "0.77"]
    heaps = 2**15
    expected = {c: without_time(sprague.survey_game(c, max_heaps=heaps)) for c in codes}
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, scheduler_port=0
    ) as cluster, distributed.Client(cluster) as client:
        results = {}

        def run():
            results["r"] = sprague.survey(
                codes, max_heaps=heaps, engine="dask", address=cluster.scheduler_address
            )

        worker = threading.Thread(target=run)
        worker.start()
        killed = None
        deadline = time.monotonic() + 60
        while killed is None and time.monotonic() < deadline:
            for address, keys in client.processing().items():
                if keys:
                    pid = client.run(os.getpid, workers=[address])[address]
                    os.kill(pid, signal.SIGKILL)
                    killed = pid
                    break
            time.sleep(0.01)
        worker.join(timeout=300)
        assert killed is not None
        assert not worker.is_alive()
    assert [without_time(r) for r in results["r"]] == [expected[c] for c in codes]


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="engine"):
        sprague.survey(["0.7"], engine="spark")
    with pytest.raises(ValueError, match="threads"):
        sprague.survey(["0.7"], threads=0)
    result = sprague.survey(["0.7", "0.77"], out=None)
    assert result[0]["stopped"] == "proved" and result[1]["period"]["period"] == 12
    # A deterministic error is a result, not an exception.
    assert sprague.survey(["3.7"])[0]["stopped"] == "error"
    cli = subprocess.run(
        [sys.executable, "-m", "sprague", "survey", "0.dx"], capture_output=True, text=True
    )
    assert cli.returncode == 2 and cli.stderr.startswith("error: bad pattern")


# Codes nobody has proved periodic (UNSOLVED above): each runs to its limit.
SLOW = ["0.6", "0.04", "0.06", "0.14"]


def slow_survey(out, *extra):
    """A local survey of the slow codes that would run for minutes, with
    SIGINT handled as at a terminal (a child of a non-interactive shell
    would inherit it ignored)."""
    return subprocess.Popen(
        [sys.executable, "-m", "sprague", "survey", *SLOW, "--max-heaps", "2^30",
         "--time-limit", "300", "--out", str(out), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def children(pid):
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            # The command may hold spaces: the fields after its closing
            # parenthesis are state, then the parent's pid.
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid):
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_for(condition, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("threads", ["1", "2"])
def test_ctrl_c_stops_a_survey_at_once_with_one_line(tmp_path, threads):
    run = slow_survey(tmp_path / "s.jsonl", "--threads", threads)
    # Workers started (two threads), or the game under way in the process
    # itself (one thread: no pool).
    if threads == "2":
        assert wait_for(lambda: len(children(run.pid)) >= 2, 30)
    time.sleep(2)
    assert run.poll() is None
    workers = children(run.pid)
    start = time.monotonic()
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=30)
    took = time.monotonic() - start
    assert run.returncode == 130, err
    assert took < 5, f"Ctrl-C took {took:.1f} s"
    assert "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("interrupted: the results so far are in")
    assert wait_for(lambda: not any(alive(p) for p in workers), 5), "a worker outlived Ctrl-C"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_local_survey_killed_outright_leaves_no_worker(tmp_path):
    run = slow_survey(tmp_path / "s.jsonl", "--threads", "2")
    assert wait_for(lambda: len(children(run.pid)) >= 2, 30)
    time.sleep(1)
    workers = children(run.pid)
    run.kill()
    run.communicate()
    assert wait_for(lambda: not any(alive(p) for p in workers), 5), "a worker outlived its survey"


def test_two_surveys_on_one_file_are_refused(tmp_path):
    out = tmp_path / "s.jsonl"
    first = slow_survey(out)
    assert wait_for(out.exists, 30)
    time.sleep(0.5)
    try:
        second = subprocess.run(
            [sys.executable, "-m", "sprague", "survey", "0.7", "--out", str(out)],
            capture_output=True, text=True, timeout=60,
        )
    finally:
        first.kill()
        first.communicate()
    assert second.returncode == 2
    assert "another survey is writing to this file" in second.stderr
    assert out.read_text() == ""


@pytest.mark.parametrize(
    "flags, message",
    [(["--time-limit", "0"], "time_limit must be a positive number"),
     (["--time-limit", "nan"], "time_limit must be a positive number"),
     (["--max-heaps", "0"], "max_heaps must be a positive integer")],
)
def test_bounds_that_fail_every_code_are_refused_before_the_file_is_touched(tmp_path, flags, message):
    out = tmp_path / "s.jsonl"
    cli = subprocess.run(
        [sys.executable, "-m", "sprague", "survey", "0.dd", *flags, "--out", str(out)],
        capture_output=True, text=True, timeout=60,
    )
    assert cli.returncode == 2 and message in cli.stderr, cli.stderr
    assert not out.exists()
    with pytest.raises(ValueError, match=message.split()[0]):
        sprague.survey("0.dd", time_limit=-1 if "time" in message else None,
                       max_heaps=0 if "heaps" in message else 2**10)


def test_a_failed_code_is_computed_again_on_resume(tmp_path):
    out = tmp_path / "s.jsonl"
    out.write_text(json.dumps({"code": "0.7", "error": "time limit", "stopped": "error"}) + "\n")
    result = sprague.survey(["0.7"], out=str(out))
    assert result[0]["stopped"] == "proved"


def test_a_pattern_of_too_many_codes_is_refused_before_it_is_expanded():
    start = time.monotonic()
    with pytest.raises(ValueError, match="stands for 14680064 codes, more than the 1048576"):
        expand("0.dddddddd")
    assert time.monotonic() - start < 1
    assert len(expand("0.dddddd")) == 7 * 8**5
