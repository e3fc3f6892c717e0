#!/usr/bin/env python3
"""Check a period certificate of an octal game, independently of sprague.

    python3 scripts/check-certificate.py FILE

FILE is written by `sprague table CODE --period --certificate FILE`
(format: docs/certificates.md): a gzip stream holding one JSON line, the
claim -- the game's octal code, a preperiod n0, a period p and a bound B --
then the values G(0), ..., G(B-1) as little-endian 16-bit integers. This
script shares no code with the engine; it needs Python 3 and numpy.

It prints one line and exits 0 ("valid: ...") when every check passes, or 1
("invalid: ...", naming the value or condition that fails); 2 for a usage
error or a file that cannot be read.

The game (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4). An octal code
d0.d1d2...dt names a take-and-break game played on heaps of stones: a move
removes k stones from one heap (k = 0 only with d0) and what the digit dk
allows happens to the rest, dk being a sum of
    1: the heap may be removed entirely (it had exactly k stones),
    2: one non-empty heap may be left (the heap had more than k stones),
    4: two non-empty heaps may be left (the rest split in two, any sizes).
d0 may only be 0 or 4. The value of a heap of n is the mex (least
non-negative integer not among) the values of its options, where an option
of two heaps a and b has value G(a) xor G(b) (the Sprague-Grundy theorem).

What is checked, in this order (each cheap check before the expensive one):

1. The bound. Let t be the largest k with dk != 0 and h the most heaps a
   move leaves (2 if some digit contains 4, else 1). The periodicity theorem
   (Guy and Smith, "The G-values of various games", Proc. Cambridge Philos.
   Soc. 52 (1956); Winning Ways, ch. 4), in the form sprague uses: if
   G(n + p) = G(n) for every n with n0 <= n < h*m + (h-1)*p + t, where
   m = max(n0, 1), then G(n + p) = G(n) for every n >= n0. Proof sketch: for
   a heap M + p above that range, the largest heap b of an option has
   n0 <= m <= b - p < M, so it may be swapped with b - p (an option of M of
   the same value), and back; neither heap can be removed whole, since
   M > t. The hypothesis reads G(0), ..., G(B-1) with B = h*m + h*p + t;
   the certificate must hold them and its bound must be B.
2. The hypothesis itself, on the certificate's values.
3. That n0 and p are least: G(n0 - 1) != G(n0 - 1 + p) (or n0 = 0), and no
   proper divisor d of p is a period of the tail (the least period of a
   periodic tail divides every other; d is one iff G(n + d) = G(n) for the
   p heaps n0 <= n < n0 + p, both sides having period p).
4. Every value: V(n) = mex of the values of n's options, computed from the
   certificate's own V(0), ..., V(n-1). By induction on n, V = G, so this
   recomputes the sequence from the definition. Up to FULL_LIMIT values (or
   when the argument below does not pay) each mex is computed over every
   option. Beyond, the sparse-space argument (Gangolli and Plambeck 1989,
   Flammenkamp's tables of octal games; Winning Ways, ch. 4) makes the
   check cost little more than one pass per rare heap:

   Choose a mask and call a value common when the number of its 1 bits
   under the mask is odd, rare when it is even (0 is rare). Since the
   parity of (x xor y) & mask is the sum of the parities, an option of two
   heaps has a common value exactly when one heap is rare and the other
   common. So, for a heap n whose value is common:
     - V(n) is no option's value iff no one-heap option has it and no
       two-heap option with a rare heap a has it: one pass over all n for
       each rare heap a and each splitting k;
     - every smaller common value must be the value of such an option, and
       every smaller rare value the value of some option: looked for among
       options (witnesses), which for common heaps are found after a few
       heaps a; whatever is not found is settled by the full mex.
   A heap whose value is rare is checked by the full mex over every option.
   Nothing here assumes the rare heaps are few -- the mask only decides how
   fast the check is; the checker picks the mask that makes the fewest
   heaps rare, and falls back to the full computation when even that
   leaves too many.
"""

import gzip
import json
import os
import re
import stat
import sys
import time
import zlib

try:
    import numpy as np
except ModuleNotFoundError:
    # Said on one line, as every other failure of this script is, with the fix.
    print("check-certificate.py needs numpy: pip install numpy (the README's venv line installs it)", file=sys.stderr)
    sys.exit(2)

FORMAT = "sprague-period-certificate"
VERSION = 1

# Up to this many values every mex is computed over every option (about
# n/2 pairs per heap): a second or so.
FULL_LIMIT = 20_000

# The sparse-space check makes one pass over all heaps for each rare heap
# and each splitting take; beyond this many passes the full computation is
# as good.
MAX_RARE_PASSES = 20_000

# Common heaps whose witnesses are still missing when this few are left are
# settled by their full mex instead of more passes.
FEW_LEFT = 1000


class Invalid(Exception):
    """The certificate is wrong: the message says which value or condition."""


class Unreadable(Exception):
    """The file is not a certificate this checker reads."""


class Rules:
    """An octal code d0.d1...dt, read as Winning Ways, ch. 4 defines it."""

    def __init__(self, code):
        if len(code) > 1000:
            raise Unreadable(f"an octal code of {len(code)} characters is longer than any this checker reads")
        match = re.fullmatch(r"([0-7])\.([0-7]+)", code)
        if not match:
            raise Unreadable(f"`{code}` is not an octal code like 0.137")
        digits = [int(match.group(1))] + [int(c) for c in match.group(2)]
        if digits[0] not in (0, 4):
            raise Unreadable(f"`{code}`: the digit before the point must be 0 or 4")
        self.code = code
        self.take_all = [k for k, d in enumerate(digits) if k >= 1 and d & 1]
        self.leave_one = [k for k, d in enumerate(digits) if k >= 1 and d & 2]
        self.leave_two = [k for k, d in enumerate(digits) if d & 4]
        self.t = max((k for k, d in enumerate(digits) if d), default=0)
        self.h = 2 if self.leave_two else 1

    def bound(self, n0, p):
        """B: the values G(0..B) the periodicity theorem reads."""
        m = max(n0, 1)
        return self.h * m + self.h * p + self.t

    def option_values(self, values, n):
        """The values of every option of heap n, from values[0..n)."""
        parts = [np.zeros(1, dtype=np.int64)] if n in self.take_all else []
        for k in self.leave_one:
            if n > k:
                parts.append(values[n - k : n - k + 1].astype(np.int64))
        for k in self.leave_two:
            rest = n - k
            if rest >= 2:
                half = rest // 2
                # The pairs (a, rest - a) for 1 <= a <= rest/2.
                left = values[1 : half + 1].astype(np.int64)
                right = values[rest - 1 : rest - half - 1 : -1].astype(np.int64)
                parts.append(left ^ right)
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    def mex(self, values, n):
        """G(n) by its definition, from values[0..n)."""
        options = self.option_values(values, n)
        # The mex of m values is at most m.
        seen = np.zeros(len(options) + 1, dtype=bool)
        seen[options[options <= len(options)]] = True
        return int(np.argmin(seen))


# The header line is a few hundred bytes; a file without a newline in its
# first MAX_HEADER_BYTES (a gzip of zeros) has no header.
MAX_HEADER_BYTES = 4096

# The most values a certificate may hold: sprague's period search stops at
# heap 2^32 by default.
MAX_VALUES = 1 << 32

# Bytes the checks hold per value at most (the values, a copy as bytes or
# int64 for the full mex, the parity and witness arrays): a header claiming
# more values than memory holds is refused before any value is read.
BYTES_PER_VALUE = 12

# The decompressed values are read this many bytes at a time.
CHUNK_BYTES = 1 << 20


def available_memory():
    """MemAvailable of /proc/meminfo in bytes, or None where it is unknown."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def open_regular(path):
    """The file at `path`, opened only if it is a regular file: a FIFO
    would block the open until someone writes to it, a device never ends."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise Unreadable(f"{path} is not a regular file")
        f = open(path, "rb")
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            f.close()
            raise Unreadable(f"{path} is not a regular file")
        return f
    except OSError as e:
        raise Unreadable(f"cannot read {path}: {e}") from None


def read_header(path, stream):
    """The claim of the header line (a dict), checked field by field, and
    what of the values was read with it. Reads at most MAX_HEADER_BYTES."""
    data = b""
    while b"\n" not in data and len(data) < MAX_HEADER_BYTES:
        chunk = stream.read(MAX_HEADER_BYTES - len(data))
        if not chunk:
            break
        data += chunk
    newline = data.find(b"\n")
    if newline < 0:
        raise Unreadable(f"{path}: no header line in its first {MAX_HEADER_BYTES} bytes")
    try:
        claim = json.loads(data[:newline])
    except (ValueError, RecursionError) as e:
        # RecursionError: brackets nested deeper than Python's json reads.
        raise Unreadable(f"{path}: the header is not JSON: {type(e).__name__}: {e}") from None
    if not isinstance(claim, dict) or claim.get("format") != FORMAT:
        raise Unreadable(f"{path} is not a {FORMAT}")
    if claim.get("version") != VERSION:
        raise Unreadable(f"{path}: version {claim.get('version')!r}, this checker reads {VERSION}")
    if claim.get("encoding") != "u16le":
        raise Unreadable(f"{path}: encoding {claim.get('encoding')!r}, this checker reads u16le")
    saltus = claim.get("saltus", 0)
    if saltus != 0:
        raise Unreadable(f"{path}: an arithmetic period (saltus {saltus!r}) is not checked here")
    for key in ("preperiod", "period", "bound", "values"):
        value = claim.get(key)
        if type(value) is not int or value < 0:
            raise Unreadable(f"{path}: `{key}` must be a non-negative integer, not {value!r}")
    if not isinstance(claim.get("code"), str):
        raise Unreadable(f"{path}: no octal code in the header")
    if claim["values"] > MAX_VALUES:
        raise Unreadable(f"{path}: the header says {claim['values']} values, more than {MAX_VALUES}")
    memory = available_memory()
    if memory is not None and claim["values"] * BYTES_PER_VALUE > memory:
        raise Unreadable(
            f"{path}: the header says {claim['values']} values, which need about "
            f"{claim['values'] * BYTES_PER_VALUE} bytes to check, more than the {memory} available"
        )
    return claim, data[newline + 1 :]


def read_values(claim, head, stream):
    """The values (a numpy array of uint16): exactly claim["values"] of them,
    read a chunk at a time, so that a file longer than its header says is
    refused after one chunk more, not after all of it is decompressed."""
    want = 2 * claim["values"]
    body = bytearray(head[:want])
    extra = len(head) > want
    while len(body) < want and not extra:
        chunk = stream.read(min(CHUNK_BYTES, want - len(body)))
        if not chunk:
            break
        body += chunk
    if len(body) == want and not extra:
        extra = len(stream.read(1)) > 0
    if extra:
        raise Invalid(f"the header says {claim['values']} values, the file holds more")
    if len(body) != want:
        raise Invalid(f"the header says {claim['values']} values, the file holds {len(body) / 2:g}")
    return np.frombuffer(bytes(body), dtype="<u2")


def check_bound(rules, claim):
    """The cheap half of check 1, from the header alone: the values the
    theorem reads must be there, and the bound must be the theorem's."""
    n0, p = claim["preperiod"], claim["period"]
    if p < 1:
        raise Invalid("the period must be at least 1")
    bound = rules.bound(n0, p)
    if claim["values"] < bound:
        raise Invalid(
            f"the theorem needs G(0..{bound}) ({rules.h}*max(n0,1) + {rules.h}*p + t with "
            f"n0 = {n0}, p = {p}, t = {rules.t}), the certificate holds {claim['values']} values"
        )
    if claim["bound"] != bound:
        raise Invalid(
            f"the header's bound {claim['bound']} is not the theorem's "
            f"{rules.h}*max(n0,1) + {rules.h}*p + t = {bound}"
        )


def check_claim(rules, claim, values):
    """Checks 1 to 3 of the module's docstring."""
    n0, p = claim["preperiod"], claim["period"]
    if p < 1:
        raise Invalid("the period must be at least 1")
    bound = rules.bound(n0, p)
    if len(values) < bound:
        raise Invalid(
            f"the theorem needs G(0..{bound}) ({rules.h}*max(n0,1) + {rules.h}*p + t with "
            f"n0 = {n0}, p = {p}, t = {rules.t}), the certificate holds {len(values)} values"
        )
    # 2. G(n + p) = G(n) for n0 <= n < bound - p.
    ahead = values[n0 + p : bound]
    behind = values[n0 : bound - p]
    differ = np.flatnonzero(ahead != behind)
    if len(differ):
        n = n0 + int(differ[0])
        raise Invalid(
            f"period {p} from heap {n0} fails: G({n}) = {values[n]} but G({n + p}) = {values[n + p]}"
        )
    # 3. Least preperiod and least period.
    if n0 > 0 and values[n0 - 1] == values[n0 - 1 + p]:
        raise Invalid(
            f"preperiod {n0} is not least: G({n0 - 1}) = G({n0 - 1 + p}) = {values[n0 - 1]}"
        )
    # Two periods of the tail, extended by the period just proved where the
    # bound is shorter (a game without splits, h = 1).
    tail = values[n0:bound]
    while len(tail) < 2 * p:
        tail = np.concatenate([tail, tail[len(tail) - p : len(tail) - p + (2 * p - len(tail))]])
    for d in range(1, p):
        if p % d == 0 and np.array_equal(tail[d : p + d], tail[:p]):
            raise Invalid(f"period {p} is not least: {d} is a period from heap {n0} too")
    if claim["bound"] != bound:
        raise Invalid(
            f"the header's bound {claim['bound']} is not the theorem's "
            f"{rules.h}*max(n0,1) + {rules.h}*p + t = {bound}"
        )


def wrong_value(rules, values, n, definition):
    """The least heap whose value is not the mex of its options' values (all
    values below it being right, the mex is G(n) by the definition)."""
    return Invalid(f"G({n}): the certificate says {values[n]}, the mex of its options is {definition}")


def check_full(rules, values):
    """Check 4 by recomputing G(0), G(1), ... from the definition."""
    g = np.zeros(len(values), dtype=np.int64)
    for n in range(len(values)):
        g[n] = rules.mex(g, n)
        if g[n] != values[n]:
            raise wrong_value(rules, values, n, g[n])


def parity_table(mask, size):
    """parity(v & mask) for v in 0..size."""
    v = np.arange(size, dtype=np.int64)
    parity = np.zeros(size, dtype=np.int64)
    bit = 0
    while mask >> bit:
        if (mask >> bit) & 1:
            parity ^= (v >> bit) & 1
        bit += 1
    return parity.astype(np.uint8)


def best_mask(values):
    """The mask under which fewest heaps (from 1 on) have rare values."""
    counts = np.bincount(values[1:]).astype(np.int64)
    bits = min(max(int(values.max()).bit_length(), 1), 12)
    best = (len(values), 0)
    for mask in range(1, 1 << bits):
        rare = int(counts[parity_table(mask, len(counts)) == 0].sum())
        best = min(best, (rare, mask))
    return best[1]


def check_sparse(rules, values, mask):
    """Check 4 by the sparse-space argument of the module's docstring."""
    n_values = len(values)
    top = int(values.max())
    # Work in bytes when the values allow: each pass reads every value.
    v = values.astype(np.uint8 if top < 256 else np.uint16)
    parity = parity_table(mask, top + 1)
    common = parity[v] == 1
    rare = np.flatnonzero(~common)
    rare = rare[rare >= 1]
    # The least heap whose value is wrong, as far as looked: each step below
    # looks only below it, and the least over all steps is reported.
    first_bad = n_values
    # Heap 0 and the rare heaps: the full mex.
    for n in [0, *rare.tolist()]:
        if rules.mex(v, n) != v[n]:
            first_bad = n
            break
    # A common heap's value is no one-heap option's value ...
    for k in rules.leave_one:
        # Heap n = k + 1 + i leaves n - k = 1 + i.
        clash = np.flatnonzero((v[k + 1 :] == v[1 : n_values - k]) & common[k + 1 :])
        if len(clash):
            first_bad = min(first_bad, k + 1 + int(clash[0]))
    for k in rules.take_all:
        if k < n_values and common[k] and v[k] == 0:
            first_bad = min(first_bad, k)
    # ... nor the value of two heaps of which one, a, is rare.
    for a in rare.tolist():
        xa = v[a]
        for k in rules.leave_two:
            lo = a + k + 1
            if lo >= first_bad:
                continue
            clash = np.flatnonzero(((v[1 : n_values - a - k] ^ xa) == v[lo:]) & common[lo:])
            if len(clash):
                first_bad = min(first_bad, lo + int(clash[0]))
    # Every smaller value is some option's value: witnesses.
    heaps = np.flatnonzero(common[:first_bad])
    order = witness_order(v)
    # In groups by how many 64-bit words their bitsets need: most common
    # values are small, and a heap's bitset costs a pass per word.
    words = v[heaps].astype(np.int64) // 64
    missing = np.concatenate(
        [np.zeros(0, dtype=np.int64)]
        + [find_witnesses(rules, v, heaps[words == w], order, top) for w in np.unique(words)]
    )
    missing.sort()
    # Settled by the full mex: the first that fails, or none.
    for n in missing.tolist():
        if rules.mex(v, n) != v[n]:
            first_bad = min(first_bad, n)
            break
    if first_bad < n_values:
        raise wrong_value(rules, values, first_bad, rules.mex(v, first_bad))


def witness_order(v):
    """The heaps a to try in pairs (a, n-k-a), in rounds: in round r, for
    each distinct value x, the r-th smallest heap a with G(a) = x. A wanted
    value u = x xor G(n-k-a) often needs an uncommon x (a rare value, or a
    common one few heaps have), which the rounds reach at once, where
    trying a = 1, 2, 3, ... in order would wait for it. The rare heaps are
    all among the first rounds, since each rare value has few heaps."""
    a_all = np.arange(1, len(v), dtype=np.int64)
    by_value = np.lexsort((a_all, v[1:]))
    sorted_values = v[1:][by_value]
    group_start = np.searchsorted(sorted_values, sorted_values, side="left")
    rank = np.empty(len(a_all), dtype=np.int64)
    rank[by_value] = np.arange(len(a_all)) - group_start
    return a_all[np.lexsort((v[1:], rank))]


def find_witnesses(rules, v, heaps, order, top):
    """The heaps among `heaps` (common, ascending) for which some value below
    G(n) was not found among the options tried. Each heap keeps a bitset of
    the values still wanted; the options tried are the one-heap options,
    then the two heaps (a, n-k-a) for a in `order` (see witness_order)."""
    if len(heaps) == 0:
        return np.zeros(0, dtype=np.int64)
    words = int(v[heaps].max()) // 64 + 1
    word_range = np.arange(words, dtype=np.int64) * 64
    # bit[w][x]: the bit of value x in word w of a bitset (0 if in another).
    # An xor of two values is below the next power of two above `top`.
    xs = np.arange(1 << top.bit_length(), dtype=np.int64)
    bit = [
        np.where((xs >> 6) == w, np.left_shift(np.uint64(1), (xs & 63).astype(np.uint64)), np.uint64(0))
        for w in range(words)
    ]
    # Its complement, to clear the bit in one pass.
    clear = [~b for b in bit]
    n = heaps.astype(np.int64)
    g = v[n].astype(np.int64)
    # Wanted: every value below G(n).
    wanted = []
    for w in range(words):
        below = np.clip(g - word_range[w], 0, 64).astype(np.uint64)
        wanted.append(
            np.where(below == 64, ~np.uint64(0), (np.uint64(1) << np.minimum(below, 63)) - np.uint64(1))
        )

    def strike(x, at):
        """Values x found for the heaps n[at:]."""
        for w in range(words):
            wanted[w][at:] &= clear[w][x]

    for k in rules.take_all:
        # Only the heap of exactly k stones may be removed whole.
        at = int(np.searchsorted(n, k))
        if at < len(n) and n[at] == k:
            for w in range(words):
                wanted[w][at] &= ~bit[w][0]
    for k in rules.leave_one:
        at = int(np.searchsorted(n, k + 1))
        strike(v[n[at:] - k], at)
    for count in range(len(order)):
        if len(n) <= FEW_LEFT:
            break
        a = int(order[count])
        for k in rules.leave_two:
            at = int(np.searchsorted(n, a + k + 1))
            if at < len(n):
                strike(v[n[at:] - k - a] ^ v[a], at)
        if count % 8 == 7:
            done = wanted[0] == 0
            for w in range(1, words):
                done &= wanted[w] == 0
            if done.any():
                keep = ~done
                n = n[keep]
                wanted = [w_[keep] for w_ in wanted]
    done = wanted[0] == 0
    for w in range(1, words):
        done &= wanted[w] == 0
    return n[~done]


def main(argv):
    if len(argv) != 2:
        print("usage: check-certificate.py FILE", file=sys.stderr)
        return 2
    path = argv[1]
    started = time.monotonic()
    claim = {"code": path}
    try:
        # The header and its bounds first; the values are decompressed only
        # when the claim can be checked with the memory at hand.
        with open_regular(path) as raw, gzip.GzipFile(fileobj=raw, mode="rb") as stream:
            try:
                claim, head = read_header(path, stream)
                rules = Rules(claim["code"])
                check_bound(rules, claim)
                values = read_values(claim, head, stream)
            except (OSError, EOFError, zlib.error) as e:
                # Includes a damaged file: gzip checks its CRC-32 and
                # length at the end of the stream.
                raise Unreadable(f"cannot read {path}: {e}") from None
        check_claim(rules, claim, values)
        if len(values) <= FULL_LIMIT:
            how = "each by its full mex"
            check_full(rules, values)
        else:
            mask = best_mask(values)
            n_rare = int((parity_table(mask, int(values.max()) + 1)[values[1:]] == 0).sum())
            if n_rare * max(len(rules.leave_two), 1) > MAX_RARE_PASSES:
                how = f"each by its full mex ({n_rare} rare heaps under the best mask: too many for the sparse-space check)"
                check_full(rules, values)
            else:
                how = f"by the sparse-space argument, mask {mask}, {n_rare} rare heaps"
                check_sparse(rules, values, mask)
    except Unreadable as e:
        print(f"invalid: {e}")
        return 2
    except Invalid as e:
        print(f"invalid: {claim['code']}: {e}")
        return 1
    seconds = time.monotonic() - started
    print(
        f"valid: {rules.code} has period {claim['period']} from heap {claim['preperiod']} on, "
        f"proved by G(0..{claim['bound']}), every value checked {how} ({seconds:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
