#!/usr/bin/env python3
"""The README's commands, as written, in a fresh clone: what a new user types.

Clones the committed HEAD of this checkout into CLONE (a new directory),
reads the clone's README.md and runs, in the clone, in the README's order:

- every indented command line (the build, the quick and the whole test
  commands, the Python module's line, the installation lines), each timed,
  with the load average before and after: the README's times are these;
- every `$ ` line of its console blocks, with `sprague` the installed
  binary; where the README shows the output, the output must be the same,
  and an output starting with `error:` means exit status 2;
- its Python block, with the virtual environment's interpreter; a printed
  line with a `# ...` comment must print that (up to a `...`).

HOME is a new empty directory (the `~/` of the installation lines), with
cargo's and rustup's own homes kept so that crates are not fetched again.
A command listed in SKIPPED is not run, and the reason is printed.

  python3 scripts/readme-commands.py CLONE [--target-dir DIR]

--target-dir shares cargo's build directory with another checkout (CI
builds there again after this); by default the clone builds in its own
`target`, as a fresh clone does. Exit status 0 if every command passed.
"""

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# Commands not run, each with its reason (matched as a substring).
SKIPPED = {
    "table officers --to 2^32": "2 hours and 17 GiB, as the README says",
    "pip install ./crates/sprague-py\n": "the venv line above already built and installed the module",
}


def load():
    return open("/proc/loadavg").read().split()[0] if os.path.exists("/proc/loadavg") else "?"


def extract(readme):
    """The README's commands in order: (kind, command, expected output or
    None). Kinds: "line" (an indented command), "console" (a `$ ` line),
    "python" (the Python block)."""
    commands = []
    lines = readme.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"```(\w*)", line)
        if fence:
            kind = fence.group(1)
            body = []
            i += 1
            while not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            if kind == "console":
                commands += console(body)
            elif kind == "python":
                commands.append(("python", "\n".join(body) + "\n", None))
            continue
        # An indented block after a blank line: one command a line.
        if line.startswith("    ") and i > 0 and lines[i - 1].strip() == "":
            while i < len(lines) and lines[i].startswith("    "):
                commands.append(("line", lines[i].strip() + "\n", None))
                i += 1
            continue
        i += 1
    return commands


def console(body):
    """`$ command` lines with the output shown under each (None if none)."""
    out = []
    for line in body:
        if line.startswith("$ "):
            out.append(["console", line[2:] + "\n", []])
        elif out:
            out[-1][2].append(line)
    result = []
    for kind, command, shown in out:
        while shown and shown[-1].strip() == "":
            shown.pop()
        result.append((kind, command, "\n".join(shown) if shown else None))
    return result


def python_expectations(block):
    """For each `print(...)` line, in order, the prefix of the line it
    prints as its `# shown` comment gives it, or None where it has no
    comment (each print of the block prints one line)."""
    shown = []
    for line in block.splitlines():
        if not line.startswith("print("):
            continue
        m = re.match(r"print\(.*\)\s*#\s*(.*)$", line)
        shown.append(m.group(1).split("...")[0].rstrip() if m else None)
    return shown


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("clone")
    parser.add_argument("--target-dir")
    args = parser.parse_args()
    clone = Path(args.clone).resolve()
    if clone.exists():
        sys.exit(f"{clone} exists: give a new directory")
    if subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                      capture_output=True, text=True).stdout:
        print("note: uncommitted changes are not in the clone; the committed HEAD is tested")
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(clone)], check=True)
    home = clone.parent / "home"
    home.mkdir()
    env = dict(os.environ)
    env.setdefault("CARGO_HOME", str(Path.home() / ".cargo"))
    env.setdefault("RUSTUP_HOME", str(Path.home() / ".rustup"))
    env["HOME"] = str(home)
    # `cargo install` puts the binary in ~/.cargo/bin of the new home.
    env["CARGO_INSTALL_ROOT"] = str(home / ".cargo")
    env["PATH"] = f"{home / '.cargo' / 'bin'}:{Path(env['CARGO_HOME']) / 'bin'}:{env['PATH']}"
    if args.target_dir:
        env["CARGO_TARGET_DIR"] = str(Path(args.target_dir).resolve())
    else:
        env.pop("CARGO_TARGET_DIR", None)

    failures = []
    timings = []
    for kind, command, shown in extract((clone / "README.md").read_text()):
        skip = next((why for key, why in SKIPPED.items() if key in command), None)
        label = command.strip().splitlines()[0] if kind != "python" else "the README's Python block"
        if skip:
            print(f"-- SKIPPED {label}: {skip}", flush=True)
            continue
        print(f"-- {label}", flush=True)
        before, started = load(), time.monotonic()
        if kind == "python":
            done = subprocess.run([str(clone / ".venv" / "bin" / "python"), "-c", command],
                                  cwd=clone, env=env, capture_output=True, text=True)
        elif kind == "line":
            # The long commands show their progress as they go.
            done = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=clone, env=env,
                                  text=True, stdout=None, stderr=None)
        else:
            done = subprocess.run(["bash", "-c", command], cwd=clone, env=env,
                                  capture_output=True, text=True, stdin=subprocess.DEVNULL)
        seconds = time.monotonic() - started
        if kind == "line":
            timings.append((label, seconds, before, load()))
        problem = None
        expected_status = 2 if shown is not None and shown.startswith("error:") else 0
        if done.returncode != expected_status:
            problem = f"exit status {done.returncode}, expected {expected_status}"
        elif kind == "console" and shown is not None:
            got = (done.stdout + done.stderr).rstrip()
            got = "\n".join(l.rstrip() for l in got.splitlines())
            if got != shown:
                problem = f"output differs from the README's:\n{got}\n-- the README shows:\n{shown}"
        elif kind == "python":
            printed = done.stdout.splitlines()
            wants = python_expectations(command)
            if len(printed) != len(wants):
                problem = f"printed {len(printed)} lines for its {len(wants)} prints"
            for want, got in zip(wants, printed):
                if want is not None and not got.startswith(want):
                    problem = f"printed {got!r}, the README shows {want!r}..."
        if problem:
            out = "" if kind == "line" else (done.stdout + done.stderr)[-3000:]
            print(f"FAILED ({seconds:.0f} s): {label}: {problem}\n{out}", flush=True)
            failures.append(label)
        else:
            print(f"   ok, {seconds:.1f} s", flush=True)

    print("\nThe README's indented commands, wall-clock (load average before, after):")
    for label, seconds, before, after in timings:
        print(f"  {seconds / 60:5.1f} min  (load {before}, {after})  {label}")
    print(f"machine: {os.cpu_count()} cores, {machine()}")
    if failures:
        print(f"{len(failures)} of the README's commands FAILED: " + "; ".join(failures))
        return 1
    print("every README command passed as written")
    return 0


def machine():
    try:
        model = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        model = "unknown CPU"
    try:
        kb = int(next(l.split()[1] for l in open("/proc/meminfo") if l.startswith("MemTotal")))
        memory = f"{kb / 2**20:.0f} GiB"
    except (OSError, StopIteration):
        memory = "unknown memory"
    return f"{model}, {memory}"


if __name__ == "__main__":
    sys.exit(main())
