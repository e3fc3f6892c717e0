"""Every call bounded like the command line (issue 28): the budget counts
the options a function lists, memory is given back after a refusal, and
Ctrl-C is acted on within 0.2 s in every long call."""

import os
import resource
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import sprague


def test_a_list_of_ten_million_options_is_refused_at_once_and_its_memory_freed():
    # Issue 28: this took 3.3 GB and the process did not exit.
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.monotonic()
    with pytest.raises(ValueError, match="budget"):
        sprague.grundy(lambda p: range(1, 10**7 + 1) if p == 0 else [], 0)
    with pytest.raises(ValueError, match="budget"):
        sprague.grundy(lambda p: list(range(1, 10**7 + 1)) if p == 0 else [], 0)
    with pytest.raises(ValueError, match="budget"):
        sprague.grundy_table(lambda h: list(range(10**7)) if h == 1 else [], 3)
    with pytest.raises(ValueError, match="budget"):
        sprague.grundy_table(lambda h: range(10**8) if h == 1 else [], 3)
    took = time.monotonic() - started
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    # The lists themselves (10^7 Python ints, about 400 MB) are the test's;
    # nothing of the game is kept beyond them.
    assert grown_mb < 1200, f"{grown_mb:.0f} MB"
    assert took < 30, f"{took:.1f} s"
    # The module still works.
    assert sprague.grundy(lambda h: list(range(h)), 5) == 5


def test_many_options_within_the_budget_are_still_read():
    # Kayles-like splits: about n^2/4 options for heaps up to n = 1000.
    def moves(h):
        return [(a, h - k - a) for k in (1, 2) for a in range(0, (h - k) // 2 + 1) if h >= k]

    values = sprague.grundy_table(moves, 1000)
    assert values[:12] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]  # Kayles, Winning Ways ch. 4


# Each call runs in a child Python; SIGINT is sent once the call is under
# way (the child says so), and the child must end with KeyboardInterrupt
# within 0.2 s.
LONG_CALLS = {
    # Issue 28: this took 7 s to act on Ctrl-C.
    "octal table": 'sprague.table("octal[0.6]", to=9_000_000)',
    "octal period search": 'sprague.table("octal[0.007]", period=True)',
    "misère analysis": 'sprague.analyze("treblecross(40, 41, 42, 43)", misere=True)',
    # Issue 36: the quotient acted on Ctrl-C after 7-15 s.
    "misère quotient": 'sprague.quotient("octal[0.6]", 20)',
    # A survey run in this process (one thread).
    "survey": 'sprague.survey(["0.6"], max_heaps=2**30)',
    # Reading a game defined in Python: nine million calls of `moves`
    # (within the budget of ten million positions), which says itself when
    # it is under way: four million calls took under a second on a fast
    # machine, ending before a timer fired.
    "reading moves": "sprague.grundy_table(moves, 9_000_000)",
}

# The game of "reading moves": a path, which says "started" once two
# hundred thousand of its positions have been read.
MOVES = """
def moves(h):
    if h == 200_000:
        print("started", flush=True)
    return [h - 1] if h else []
"""


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_is_acted_on_within_a_fifth_of_a_second(name):
    call = LONG_CALLS[name]
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys, threading, time
                import sprague
                {textwrap.indent(MOVES, " " * 16).strip()}
                # Say when the call is under way: after the Python part of
                # a game defined in Python, which a signal interrupts anyway.
                if "moves" not in {call!r}:
                    threading.Timer(0.8, lambda: print("started", flush=True)).start()
                try:
                    {call}
                except KeyboardInterrupt:
                    print("interrupted", time.monotonic(), flush=True)
                    sys.exit(0)
                print("finished", flush=True)
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "started"
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        line = child.stdout.readline().split()
        assert line and line[0] == "interrupted", f"{name}: {line}"
        acted = float(line[1]) - sent
        assert acted < 0.2, f"{name}: Ctrl-C acted on after {acted:.3f} s"
        assert child.wait(timeout=10) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
