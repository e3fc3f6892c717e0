#!/usr/bin/env python3
"""The stable fuzz driver's Python half: mutates seed inputs with a seeded
generator for a fixed time and feeds each mutant to Python code, catching
what must never happen (docs/reliability.md, "Fuzzing").

    python3 fuzz/python/run.py [--seconds S] [--seed N] [TARGET ...]

Targets:
  certificate  scripts/check-certificate.py's main() on a mutant of a
               certificate of fuzz/corpus/certificate/ (the gzip bytes, or
               the header and values inside it). A bug is a traceback (any
               exception out of main), an exit status other than 0, 1 or 2,
               more than 2 s on an input, or memory past 1 GiB (the target
               runs under that address-space limit).
  python       the sprague module's calls -- analyze and table with the
               HTML a notebook shows of them, grundy, grundy_table,
               canonical, solve -- on mutants of the position
               corpus (fuzz/corpus/position/) and on move functions that
               return random things. A bug is an exception other than
               ValueError, TypeError, OverflowError or KeyboardInterrupt (a
               pyo3 PanicException is a Rust panic), or a call that does
               not end within 0.2 s of SIGALRM, sent after 5 s (a call within
               the budget may run for minutes; the signal is answered as
               Ctrl-C is).

Each input of fuzz/regressions/<target>/ is replayed first. A crash is
saved to fuzz/crashes/<target>/ and the exit status is 1. Needs numpy (the
certificate checker) and the sprague module (the python target).
"""

import argparse
import gzip
import importlib.util
import io
import json
import os
import pathlib
import random
import resource
import signal
import sys
import time
import traceback

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT / "fuzz" / "corpus"

EDGE_NUMBERS = [
    0, 1, 2, -1, 2**15, 2**16, 2**31, 2**32, 2**53 + 1, 2**63, 2**64 - 1, 2**64, 10**30, 10**4000,
]
TOKENS = [
    "18446744073709551615", "18446744073709551616", "9223372036854775808", "2^63", "2^64",
    "10^9", "0", "1", "(", ")", "[", "]", ",", "+", "*", "\"", "..", "\0", "\x1b", "é",
]


def mutate_bytes(rng, data, others):
    """A mutant of `data`: bit flips, byte changes, cuts, repeats, splices."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        if kind == 0 and data:
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
        elif kind == 1 and data:
            data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 2 and data:
            i = rng.randrange(len(data))
            del data[i : i + rng.randint(1, 64)]
        elif kind == 3 and data:
            i = rng.randrange(len(data))
            j = min(len(data), i + rng.randint(1, 16))
            data[i:i] = data[i:j] * rng.randint(1, 200)
        elif kind == 4:
            other = rng.choice(others)
            i = rng.randrange(len(other) + 1)
            data[rng.randrange(len(data) + 1) :] = other[i:]
        else:
            token = rng.choice(TOKENS).encode()
            data[rng.randrange(len(data) + 1) : 0] = token
    return bytes(data[: 1 << 16])


# ---------------------------------------------------------------- certificate


def load_checker():
    path = ROOT / "scripts" / "check-certificate.py"
    spec = importlib.util.spec_from_file_location("check_certificate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def certificate_seeds():
    """(header dict, values bytes) of each seed certificate."""
    seeds = []
    for path in sorted((CORPUS / "certificate").glob("*.cert")):
        data = gzip.decompress(path.read_bytes())
        newline = data.index(b"\n")
        seeds.append((json.loads(data[:newline]), data[newline + 1 :]))
    return seeds


def certificate_mutant(rng, seeds):
    """Gzip bytes: a seed with its header's fields, its header's text, its
    values or its compressed bytes changed."""
    header, values = rng.choice(seeds)
    header = dict(header)
    kind = rng.randrange(5)
    if kind == 0:
        key = rng.choice(list(header) + ["saltus", "extra"])
        header[key] = rng.choice(
            EDGE_NUMBERS + [None, True, "0.77", "4.0", "0." + "7" * 5000, [], {}, 1.5, "x"]
        )
        text = json.dumps(header).encode()
    elif kind == 1:
        text = mutate_bytes(rng, json.dumps(header).encode(), [json.dumps(h).encode() for h, _ in seeds])
    elif kind == 2:
        depth = rng.choice([10, 999, 1000, 1500, 5000, 100000])
        text = b"[" * depth + b"]" * rng.choice([0, depth])
    else:
        text = json.dumps(header).encode()
    if kind == 3:
        values = mutate_bytes(rng, values, [v for _, v in seeds])
    stream = gzip.compress(text + b"\n" + values, compresslevel=1)
    if kind == 4:
        stream = mutate_bytes(rng, stream, [stream])
    return stream


def run_certificate(checker, data, scratch):
    """A bug message, or None."""
    scratch.write_bytes(data)
    out = io.StringIO()
    stdout = sys.stdout
    sys.stdout = out
    try:
        status = checker.main(["check-certificate.py", str(scratch)])
    except BaseException:  # noqa: BLE001 -- any escape is the bug looked for
        return "traceback:\n" + traceback.format_exc()
    finally:
        sys.stdout = stdout
    text = out.getvalue()
    if status not in (0, 1, 2) or not text.startswith(("valid: ", "invalid: ")) or text.count("\n") != 1:
        return f"exit status {status}, output {text!r}"
    return None


# ---------------------------------------------------------------- python


ALLOWED = (ValueError, TypeError, OverflowError)

# When a call is interrupted (SIGALRM): a call within the budget may run
# for minutes (a period search to 2^32), so a long call is no bug, but it
# must end within a fifth of a second of the signal.
PYTHON_SECONDS = 5


def python_seeds():
    seeds = [p.read_bytes() for p in sorted((CORPUS / "position").iterdir()) if p.is_file()]
    # The position target skips rulesets that read files; so does this one.
    return [s for s in seeds if not any(w in s for w in (b"graph", b"wordchain", b"geography"))]


def random_option(rng, depth=0):
    """Something a move function might return as an option."""
    kind = rng.randrange(9)
    if kind < 4:
        return rng.choice([rng.randrange(8), rng.choice(EDGE_NUMBERS)])
    if kind == 4 and depth < 2:
        return tuple(random_option(rng, depth + 1) for _ in range(rng.randrange(4)))
    if kind == 5 and depth < 2:
        return [random_option(rng, depth + 1) for _ in range(rng.randrange(4))]
    return rng.choice([None, "x", 1.5, {}, b"", object(), float("nan"), -(2**70)])


def move_function(rng):
    """A move function of a few random behaviours, deterministic per call."""
    seed = rng.randrange(2**32)
    shape = rng.randrange(4)

    def moves(position):
        local = random.Random(hash((seed, repr(position))))
        if shape == 0:  # a finite game on small ints
            return [p for p in range(position) if local.random() < 0.5] if isinstance(position, int) and 0 <= position < 40 else []
        if shape == 1:  # anything at all
            return [random_option(local) for _ in range(local.randrange(5))]
        if shape == 2:  # not a list
            return local.choice([None, 3, "abc", iter([1]), (x for x in [0]), {1: 2}])
        # Long lists: 10^8 options are refused by the budget before one is
        # read; thousands on every heap fill it at Python's pace.
        return range(local.choice([0, 3, 1000, 10**8]))

    return moves


def python_call(rng, seeds, sprague):
    """A description of a call and a function that makes it."""
    text = mutate_bytes(rng, rng.choice(seeds), seeds).decode("utf-8", "replace")[:4096]
    kind = rng.randrange(6)
    if kind == 0:
        misere, all_ = rng.random() < 0.5, rng.random() < 0.5
        # What a notebook shows too (thermograph, game tree, CGSuite's
        # notation): no draw of the generator more, so the seeded sequence
        # of calls is the one earlier runs made.
        return (
            f"analyze({text!r}, misere={misere}, all={all_})._repr_html_()",
            lambda: sprague.analyze(text, misere=misere, all=all_)._repr_html_(),
        )
    if kind == 1:
        ruleset = text.split("(")[0]
        # Near 2^64 only for families whose values are a formula or a
        # period: a take-and-break game's heap there is answered by a period
        # search to the budget (10^7 values, minutes for Treblecross), and
        # the module has no time limit but Ctrl-C.
        near_max = ruleset.startswith(("nim", "subtraction", "takeaway", "bash", "lasker", "divisor"))
        to = rng.choice([None, 0, 10, 1000, 2**64 - 1] if near_max else [None, 0, 10, 1000])
        frm = rng.choice([0, 5, 2**64 - 6, 2**64 - 1] if near_max else [0, 5])
        period = rng.random() < 0.3
        return (
            f"table({ruleset!r}, to={to}, frm={frm}, period={period})._repr_html_()",
            lambda: sprague.table(ruleset, to=to, frm=frm, period=period)._repr_html_(),
        )
    moves = move_function(rng)
    start = random_option(rng)
    if kind == 2:
        return f"grundy(<moves>, {start!r})", lambda: sprague.grundy(moves, start)
    if kind == 3:
        n = rng.choice([0, 5, 200, -1, 2**64])
        return f"grundy_table(<moves>, {n})", lambda: sprague.grundy_table(moves, n)
    if kind == 4:
        other = move_function(rng)
        return f"canonical(<moves>, <moves>, {start!r})", lambda: sprague.canonical(moves, other, start)
    return f"solve(<moves>, {start!r})", lambda: sprague.solve(moves, start)


class Hang(Exception):
    """Raised by SIGALRM in a call that runs past PYTHON_SECONDS: the
    module's calls answer signals as they answer Ctrl-C."""


def on_alarm(signum, frame):
    raise Hang(f"more than {PYTHON_SECONDS} s")


# Calls interrupted at PYTHON_SECONDS (long within the budget: a period
# search to 2^32, a misère search of ten million positions).
LONG = []


def run_python(call):
    previous = signal.signal(signal.SIGALRM, on_alarm)
    began = time.monotonic()
    signal.alarm(PYTHON_SECONDS)
    try:
        call()
    except Hang:
        # The alarm is a signal, answered as Ctrl-C is: a call that does
        # not end within a fifth of a second of it is the bug.
        late = time.monotonic() - began - PYTHON_SECONDS
        LONG.append(late)
        if late > 0.2:
            return f"the signal was acted on after {late:.2f} s"
        return None
    except ALLOWED:
        return None
    except BaseException:  # noqa: BLE001 -- PanicException is a BaseException
        return "traceback:\n" + traceback.format_exc()
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    return None


# ---------------------------------------------------------------- driver


def save(target, data, why):
    directory = ROOT / "fuzz" / "crashes" / target
    directory.mkdir(parents=True, exist_ok=True)
    name = f"crash-{abs(hash(data)) % 10**12}"
    (directory / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    (directory / (name + ".why")).write_text(why)
    print(f"{target}: CRASH saved to {directory / name}: {why.splitlines()[-1]}")


def memory_capped():
    """Caps the address space at 1 GiB more than now, for pure Python code
    (the checker): memory past it is a bug (a checker that decompresses a
    bomb) and fails as MemoryError, which no target allows. Returns the
    limits to restore. (Not for the sprague module: Rust aborts where
    Python raises.)"""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    with open("/proc/self/statm") as f:
        now = int(f.read().split()[0]) * resource.getpagesize()
    limit = now + (1 << 30)
    if hard == resource.RLIM_INFINITY or limit < hard:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    return soft, hard


def fuzz_certificate(rng, seconds):
    limits = memory_capped()
    try:
        return fuzz_certificate_capped(rng, seconds)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, limits)


def fuzz_certificate_capped(rng, seconds):
    checker = load_checker()
    seeds = certificate_seeds()
    scratch = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"sprague-fuzz-{os.getpid()}.cert"
    inputs = crashes = 0
    regressions = ROOT / "fuzz" / "regressions" / "certificate"
    replay = sorted(regressions.iterdir()) if regressions.is_dir() else []
    started = time.monotonic()
    try:
        for path in replay:
            if (why := run_certificate(checker, path.read_bytes(), scratch)) is not None:
                save("certificate", path.read_bytes(), why)
                crashes += 1
        while time.monotonic() - started < seconds:
            data = certificate_mutant(rng, seeds)
            begun = time.monotonic()
            why = run_certificate(checker, data, scratch)
            took = time.monotonic() - begun
            if why is None and took > 2:
                why = f"{took:.1f} s on one input"
            if why is not None:
                save("certificate", data, why)
                crashes += 1
            inputs += 1
    finally:
        scratch.unlink(missing_ok=True)
    return inputs, len(replay), crashes


def fuzz_python(rng, seconds):
    import sprague

    seeds = python_seeds()
    inputs = crashes = 0
    started = time.monotonic()
    regressions = ROOT / "fuzz" / "regressions" / "python"
    replay = sorted(regressions.iterdir()) if regressions.is_dir() else []
    for path in replay:
        text = path.read_text()
        if (why := run_python(lambda: sprague.analyze(text))) is not None:
            save("python", text, why)
            crashes += 1
    while time.monotonic() - started < seconds:
        what, call = python_call(rng, seeds, sprague)
        why = run_python(call)
        if why is not None:
            save("python", what, why)
            crashes += 1
        inputs += 1
    if LONG:
        print(f"python: {len(LONG)} calls interrupted at {PYTHON_SECONDS} s, ended at most {max(LONG):.3f} s after the signal")
    return inputs, len(replay), crashes


TARGETS = {"certificate": fuzz_certificate, "python": fuzz_python}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10, help="seconds per target")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("targets", nargs="*", default=list(TARGETS))
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else int(time.time())
    print(f"seed {seed}")
    failed = False
    for target in args.targets:
        if target not in TARGETS:
            parser.error(f"no target {target!r} (targets: {', '.join(TARGETS)})")
        inputs, replayed, crashes = TARGETS[target](random.Random(f"{seed}-{target}"), args.seconds)
        print(f"{target}: {inputs} inputs in {args.seconds:g} s, {replayed} regressions replayed, {crashes} crashes")
        failed |= crashes > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
