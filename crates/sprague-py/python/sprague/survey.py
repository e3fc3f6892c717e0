"""Surveys: the period search of many octal games, side by side.

Each game is one task: ``survey_game`` (Rust) searches its period on one
thread, bounded by ``max_heaps`` and ``time_limit``, and returns a summary of
a few hundred bytes. The tasks run in a process pool on this machine
(``engine="local"``) or on a Dask cluster (``engine="dask"``). Codes whose
values provably are an earlier code's, shifted, are not computed but marked
``equivalent_to`` (see ``shifted``). Results are appended to ``out`` (JSON
lines) as they arrive, so that a run killed at any moment resumes where it
stopped. docs/distributed.md says how to run one and what runs in parallel.
"""

import json
import math
import os
import signal
import sys

from ._sprague import survey_game

ENGINES = ("local", "dask")

# Past this many shifts a chain of equivalences is not followed (no code of
# a few digits comes near it: each shift moves a "leave nothing" bit one
# digit down, so a chain is at most as long as the code).
MAX_SHIFTS = 64

# The most codes one survey takes: a pattern is counted before it is
# expanded, so that eight digits (14 680 064 codes) are refused at once
# rather than expanded into a MemoryError minutes later.
MAX_CODES = 1 << 20


def _digit_value(char, hexadecimal):
    value = int(char, 16)
    if not hexadecimal and value > 7:
        raise ValueError(f"{char!r} is not an octal digit")
    return value


def expand(codes):
    """The codes of a survey: a list of codes as given, or the codes a
    pattern stands for. In a pattern, ``d`` after the point is any octal
    digit and ``h`` any hexadecimal one, other digits stand for themselves,
    and a pattern whose last character is ``d`` or ``h`` leaves out the
    codes that end in 0 (they are codes of fewer digits): ``"0.dd"`` is
    ``0.01, ..., 0.77``, 56 codes, in increasing order."""
    if not isinstance(codes, str):
        codes = [str(c) for c in codes]
        if len(set(codes)) != len(codes):
            raise ValueError("a code is listed twice")
        return codes
    pattern = codes.strip()
    head, point, tail = pattern.partition(".")
    if not point or len(head) > 1 or not tail:
        raise ValueError(
            f"bad pattern `{pattern}`: write a code or a pattern such as 0.ddd, 4.dd or 0.hh"
        )
    choices = []
    for char in tail.lower():
        if char == "d":
            choices.append("01234567")
        elif char == "h":
            choices.append("0123456789abcdef")
        elif char in "0123456789abcdef":
            choices.append(char)
        else:
            raise ValueError(
                f"bad pattern `{pattern}`: `{char}` is neither a digit nor d (octal) nor h (hexadecimal)"
            )
    if tail[-1].lower() in "dh":
        choices[-1] = choices[-1][1:]
    count = math.prod(len(options) for options in choices)
    if count > MAX_CODES:
        raise ValueError(
            f"pattern `{pattern}` stands for {count} codes, more than the {MAX_CODES} "
            "a survey takes: split it (0.1ddd..., 0.2ddd..., ...)"
        )
    found = [""]
    for options in choices:
        found = [f + c for f in found for c in options]
    return [f"{head or '0'}.{f}" for f in found]


def _digits(code):
    """The digits of a code, the one before the point first: ``"0.137"``
    is ``[0, 1, 3, 7]``; trailing zeros are dropped."""
    head, point, tail = code.strip().lower().partition(".")
    if not point or len(head) > 1:
        raise ValueError(f"`{code}` is not an octal code")
    hexadecimal = any(c in "89abcdef" for c in head + tail)
    digits = [_digit_value(c, hexadecimal) for c in (head or "0") + tail]
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    return digits


def _code(digits):
    return f"{digits[0]:x}." + "".join(f"{d:x}" for d in digits[1:])


def shifted(code):
    """The code whose values are this code's shifted down by one heap, or
    ``None`` when the rule does not apply: ``G(n) = G_s(n - 1)`` for every
    ``n >= 1``, where ``s = shifted(code)``.

    The rule (Czajka and Beling, GameLookup.md of beling/tczajka-octal-games:
    "a game in which taking a 1-element heap is not allowed is considered
    equivalent to the game with all heap sizes reduced by 1"): when digit 1
    does not allow taking a whole heap of one, a heap of one is dead, and
    taking one token from every heap maps the game onto another octal game.
    A move that takes ``i`` tokens and leaves ``k`` heaps (bit ``2^k`` of
    digit ``i``) becomes one that takes ``i + k - 1`` and leaves ``k``
    heaps that may now be empty, that is any number of heaps from 0 to
    ``k``: bits ``1 .. 2^k`` of digit ``i + k - 1``. Heaps of one become
    heaps of nothing, both without moves, so the map is a bijection of
    positions and moves, and the Grundy values follow. Not applied to a
    digit 0 that passes (bit 2: the game is loopy)."""
    digits = _digits(code)
    if len(digits) < 2 or digits[1] & 1 or digits[0] & 2:
        return None
    out = [0] * (len(digits) + 3)
    for i, d in enumerate(digits):
        for k in range(4):
            if not d >> k & 1:
                continue
            target = i + k - 1
            if target <= 0:
                # Bit 1 of digit 1 is excluded above; bit 1 of digit 0
                # (take nothing from an empty heap) is no move at all.
                continue
            out[target] |= (1 << (k + 1)) - 1
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return _code(out)


def equivalences(codes):
    """For each code of ``codes`` whose values are another's shifted, the
    code it is computed from and the shift: ``{code: (rep, k)}`` with
    ``G_code(n) = G_rep(n + k)`` for every ``n >= 0`` (``k >= 0``). The
    shift rule (``shifted``) is followed as far as it goes from each code;
    codes that meet are equivalent. Of each class the code with the most
    leading dead heaps is computed (ties: the first listed), so that every
    other member's values are its values from heap ``k`` on, and its
    period and preperiod follow from the representative's exactly."""
    ends = {}
    for index, code in enumerate(codes):
        chain, seen = code, 0
        while seen < MAX_SHIFTS:
            nxt = shifted(chain)
            if nxt is None:
                break
            chain, seen = nxt, seen + 1
        # `code`'s values are G_end(n - seen).
        ends.setdefault(chain, []).append((seen, index, code))
    result = {}
    for members in ends.values():
        if len(members) < 2:
            continue
        depth, _, rep = max(members, key=lambda m: (m[0], -m[1]))
        for seen, _, code in members:
            if code != rep:
                result[code] = (rep, depth - seen)
    return result


def _derived(code, rep_result, offset):
    """The result of `code`, whose values are those of the representative
    from heap `offset` on, from the representative's result."""
    period = rep_result.get("period")
    if period is not None:
        period = dict(period)
        period["preperiod"] = max(0, period["preperiod"] - offset)
    return {
        "code": code,
        "ruleset": f"octal[{code}]",
        "equivalent_to": rep_result["code"],
        "offset": offset,
        "period": period,
        "certificate": None,
        "stopped": "equivalent",
    }


def _certificate_path(certificates, code):
    """Where the certificate of `code` goes in the directory `certificates`
    (``None``: no certificates)."""
    if certificates is None:
        return None
    return os.path.join(certificates, f"{code}.cert")


def _run_one(code, max_heaps, time_limit, certificates=None):
    """One task: a code's summary, or its deterministic error as a result
    (a bad code, a value the engine cannot hold): never retried. With
    `certificates`, a proved plain period's certificate is written there."""
    try:
        return survey_game(
            code,
            max_heaps=max_heaps,
            time_limit=time_limit,
            certificate=_certificate_path(certificates, code),
        )
    except ValueError as e:
        return {"code": code, "error": str(e), "stopped": "error"}


def _read_done(out):
    """The results already in `out`, by code. A last line cut short by a
    kill is dropped, and the file is cut back to its last whole line, so
    that appending goes on from there."""
    done = {}
    if out is None or not os.path.exists(out):
        return done
    with open(out, "rb+") as f:
        data = f.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            f.truncate(whole)
    for line in data[:whole].splitlines():
        if line.strip():
            result = json.loads(line)
            # A code that failed is computed again: its error may have been
            # the bounds of that run, not the code's.
            if result.get("error"):
                done.pop(result["code"], None)
            else:
                done[result["code"]] = result
    return done


class _Writer:
    """Appends results to `out` as JSON lines, each flushed and synced, so
    that a run killed at any moment has lost at most the results in flight.
    It holds an exclusive lock on the file while it is open: a second
    survey on the same file is refused (two would compute every code twice
    and write each twice)."""

    def __init__(self, out):
        self.file = None
        if out is None:
            return
        self.file = open(out, "a", encoding="utf-8")
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock to take
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.close()
            raise ValueError(
                f"{out}: another survey is writing to this file; wait for it or give another --out"
            ) from None

    def write(self, result):
        if self.file is not None:
            self.file.write(json.dumps(result, separators=(",", ":")) + "\n")
            self.file.flush()
            os.fsync(self.file.fileno())

    def close(self):
        if self.file is not None:
            self.file.close()


def _worker_start():
    """Each worker of the local pool: Ctrl-C is the parent's to handle (it
    ends the workers itself), and on Linux a worker dies with the parent,
    so that a survey killed outright leaves no process computing on."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass
        # The parent may have died before the call above took effect.
        if os.getppid() == 1:
            os._exit(1)


def _local(todo, max_heaps, time_limit, threads, certificates):
    """The tasks in a pool of `threads` processes on this machine: yields
    each result as it arrives. However the run ends early (Ctrl-C, an
    error, the caller stopping), the workers are killed at once, not left
    to finish the games they hold."""
    import concurrent.futures
    import multiprocessing

    if threads == 1:
        for code in todo:
            yield _run_one(code, max_heaps, time_limit, certificates)
        return
    context = multiprocessing.get_context("spawn")
    pool = concurrent.futures.ProcessPoolExecutor(
        threads, mp_context=context, initializer=_worker_start
    )
    finished = False
    try:
        futures = [
            pool.submit(_run_one, code, max_heaps, time_limit, certificates) for code in todo
        ]
        for future in concurrent.futures.as_completed(futures):
            yield future.result()
        finished = True
    finally:
        if not finished:
            # The executor has no way to stop a running task: its processes
            # (a private attribute, stable since Python 3.2) are killed.
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
        pool.shutdown(wait=finished, cancel_futures=True)


def _dask(todo, max_heaps, time_limit, threads, address, certificates):
    """The tasks on a Dask cluster: the scheduler at `address`, or a local
    cluster of `threads` worker processes of one thread each. A worker lost
    with its task is replaced and the task run again by the scheduler (up to
    Dask's `distributed.scheduler.allowed-failures` times); `retries=1`
    reruns a task that raised, which only a failure of the machine can do
    (a game's own errors come back as results)."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as e:
        raise ImportError(
            "engine='dask' needs Dask: pip install ./crates/sprague-py[dask]"
        ) from e
    cluster = None
    if address is None:
        cluster = LocalCluster(
            n_workers=threads,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            scheduler_port=0,
        )
        address = cluster.scheduler_address
    try:
        with Client(address) as client:
            futures = client.map(
                _run_one,
                todo,
                max_heaps=max_heaps,
                time_limit=time_limit,
                certificates=certificates,
                pure=False,
                retries=1,
            )
            for future in as_completed(futures):
                result = future.result()
                future.release()
                yield result
    finally:
        if cluster is not None:
            cluster.close()


def survey(
    codes,
    max_heaps=2**24,
    time_limit=None,
    threads=1,
    engine="local",
    address=None,
    out=None,
    certificates=None,
):
    """The period of every octal game of ``codes`` (a list of codes, or a
    pattern such as ``"0.ddd"``: see ``expand``), searched in parallel, each
    game on one thread, through heap ``max_heaps - 1`` at most and for
    ``time_limit`` seconds at most: one summary dict per code, in the order
    of ``codes`` (see ``survey_game``; a code that fails has ``error``).

    A code whose values are another code's of the survey, shifted by
    ``offset`` heaps (``G(n) = G_other(n + offset)``), is not computed: its
    dict has ``equivalent_to``, ``offset`` and the period that follows
    (``stopped`` is ``"equivalent"``).

    ``engine="local"``: ``threads`` processes on this machine;
    ``engine="dask"``: a local Dask cluster of ``threads`` workers, or the
    scheduler at ``address`` (``"tcp://host:8786"``) with its workers.
    ``out``: a JSON-lines file each result is appended to as it arrives;
    the codes already in it are read back and not computed again.
    ``certificates``: a directory (made if missing) that receives
    ``CODE.cert``, the certificate of each proved plain period
    (docs/certificates.md), its path in the result's ``certificate``
    ``file``; on a cluster it must be one the workers can write to. A code
    read back from ``out`` whose certificate file is missing is computed
    again. Equivalent codes and hexadecimal codes get none."""
    results, _ = run(codes, max_heaps, time_limit, threads, engine, address, out, certificates)
    return results


def _needs_certificate(result, certificates):
    """Whether a result read back lacks the certificate file asked for (a
    proved plain period of an octal code, whose file is not there)."""
    if certificates is None or "equivalent_to" in result or not result.get("certificate"):
        return False
    if any(c not in "01234567." for c in result["code"]):
        return False
    path = result["certificate"].get("file") or _certificate_path(certificates, result["code"])
    return not os.path.exists(path)


def run(codes, max_heaps, time_limit, threads, engine, address, out, certificates=None):
    """``survey``, and how many codes were computed, read back from
    ``out`` and found equivalent (a dict)."""
    if engine not in ENGINES:
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if address is not None and engine != "dask":
        raise ValueError("address is the scheduler of a Dask cluster: give engine='dask'")
    if not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive integer, not {threads!r}")
    # Checked here, before a file is touched: a bound that fails every code
    # would otherwise write an error row for each.
    if isinstance(max_heaps, bool) or not isinstance(max_heaps, int) or max_heaps < 1:
        raise ValueError(f"max_heaps must be a positive integer, not {max_heaps!r}")
    if time_limit is not None and not (
        isinstance(time_limit, (int, float))
        and not isinstance(time_limit, bool)
        and math.isfinite(time_limit)
        and 0 < time_limit <= 1e9
    ):
        raise ValueError(
            f"time_limit must be a positive number of seconds (at most 1e9), not {time_limit!r}"
        )
    codes = expand(codes)
    for code in codes:
        _digits(code)
    links = equivalences(codes)
    if certificates is not None:
        os.makedirs(certificates, exist_ok=True)
    writer = _Writer(out)
    try:
        done = _read_done(out)
    except BaseException:
        writer.close()
        raise
    for code in [c for c, r in done.items() if _needs_certificate(r, certificates)]:
        del done[code]
    read = sum(1 for c in codes if c in done and c not in links)
    todo = [c for c in codes if c not in done and c not in links]
    members = {}
    for code, (rep, offset) in links.items():
        members.setdefault(rep, []).append((code, offset))

    def record(result):
        """Keeps and writes a result, then the members of its class not
        yet written (all of them, or those a killed run left out)."""
        if result["code"] not in done:
            done[result["code"]] = result
            writer.write(result)
        for code, offset in members.get(result["code"], []):
            if code not in done:
                done[code] = _derived(code, result, offset)
                writer.write(done[code])

    try:
        for rep in members:
            if rep in done:
                record(done[rep])
        if todo:
            if engine == "dask":
                results = _dask(todo, max_heaps, time_limit, threads, address, certificates)
            else:
                results = _local(todo, max_heaps, time_limit, threads, certificates)
            for result in results:
                record(result)
    finally:
        writer.close()
    counted = {"codes": len(codes), "read": read, "computed": len(todo), "equivalent": len(links)}
    return [done[c] for c in codes], counted


def markdown_table(results):
    """The results as a Markdown table: code, period, preperiod, saltus,
    certified, largest value (and where), equivalent code."""
    lines = [
        "| code | period | preperiod | saltus | certified | largest value (at heap) | heaps | stopped | equivalent to |",
        "|---|---:|---:|---:|---|---|---:|---|---|",
    ]
    for r in results:
        p = r.get("period")
        if r.get("error"):
            lines.append(f"| {r['code']} | error: {r['error']} | | | | | | error | |")
            continue
        equivalent = ""
        if "equivalent_to" in r:
            offset = r["offset"]
            equivalent = r["equivalent_to"] + (f" from heap {offset}" if offset else "")
        largest = f"{r['largest']} ({r['largest_at']})" if "largest" in r else ""
        lines.append(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
                r["code"],
                p["period"] if p else "",
                p["preperiod"] if p else "",
                p["saltus"] if p else "",
                ("yes" if p["certified"] else "no") if p else "no",
                largest,
                r.get("heaps", ""),
                r["stopped"],
                equivalent,
            )
        )
    return "\n".join(lines) + "\n"


def counts(results):
    """How many codes were proved periodic (computed), equivalent to
    another, or left open (no period proved within the bounds, or an
    error)."""
    proved = sum(
        1
        for r in results
        if "equivalent_to" not in r and r.get("period") and r["period"]["certified"]
    )
    equivalent = sum(1 for r in results if "equivalent_to" in r)
    return {"proved": proved, "equivalent": equivalent, "open": len(results) - proved - equivalent}


def main(argv=None):
    """``python -m sprague survey PATTERN [--max-heaps N] [--time-limit S]
    [--threads N] [--engine local|dask] [--scheduler ADDRESS] [--out FILE]
    [--certificates DIR] [--table FILE.md]``."""
    import argparse
    import time

    parser = argparse.ArgumentParser(
        prog="python -m sprague survey",
        description="The period of every octal game of a pattern (0.ddd, 4.dd, 0.hh) or list of codes.",
    )
    parser.add_argument("pattern", nargs="+", help="a pattern such as 0.ddd, or codes")
    parser.add_argument("--max-heaps", type=_heaps, default=2**24, metavar="N")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS")
    parser.add_argument("--threads", type=int, default=1, metavar="N")
    parser.add_argument("--engine", choices=ENGINES, default=None)
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS")
    parser.add_argument("--out", default=None, metavar="FILE")
    parser.add_argument("--certificates", default=None, metavar="DIR")
    parser.add_argument("--table", default=None, metavar="FILE.md")
    args = parser.parse_args(argv)
    codes = args.pattern[0] if len(args.pattern) == 1 else args.pattern
    engine = args.engine or ("dask" if args.scheduler else "local")
    start = time.monotonic()
    try:
        results, counted = run(
            codes,
            args.max_heaps,
            args.time_limit,
            args.threads,
            engine,
            args.scheduler,
            args.out,
            args.certificates,
        )
    except (ValueError, ImportError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = f"the results so far are in {args.out}: run again to go on" if args.out else "nothing kept (no --out)"
        print(f"interrupted: {kept}", file=sys.stderr)
        return 130
    seconds = time.monotonic() - start
    c = counts(results)
    print(
        f"{counted['codes']} codes: {counted['computed']} computed, {counted['read']} read back, "
        f"{counted['equivalent']} equivalent; {c['proved']} proved periodic, {c['equivalent']} equivalent, "
        f"{c['open']} open; {seconds:.1f} s",
        file=sys.stderr,
    )
    table = markdown_table(results)
    if args.table:
        with open(args.table, "w", encoding="utf-8") as f:
            f.write(table)
    else:
        sys.stdout.write(table)
    return 0


def _heaps(text):
    base, caret, exponent = text.partition("^")
    try:
        return int(base) ** int(exponent) if caret else int(text)
    except ValueError:
        raise ValueError(f"`{text}` is not a number of heaps (write 1000000 or 2^20)") from None
