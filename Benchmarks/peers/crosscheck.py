#!/usr/bin/env python3
"""Differential check for PurchaseBench-2 harnesses: two implementations must give the same
per-mutant verdict (index of the first failing event + sorted failing checks, or null) on the
same random histories.

  python3 crosscheck.py CMD_A -- CMD_B [-n N] [--seed S] [--show K] [--save FILE]

CMD_A and CMD_B are whole command lines (one quoted word or several words); `--replay-check`
is appended to each, the histories (one per line, events separated by "; ") go to its stdin,
and it must print one JSON object per line: {"D1": null | [index, [checks]], ..., "none": ...}.
Options may also come before CMD_A, or after a second `--` (e.g. `A -- B -- -n 500`).
Examples (from /work/main):

  python3 Benchmarks/peers/crosscheck.py python3 Benchmarks/peers/hypothesis_purchasebench2.py \\
      -- Benchmarks/.build/release/purchasebench --bench 2 -n 20000

The generator is deterministic for a seed and biased towards PurchaseBench-2's windows:
a third of the histories mix every event kind (advances drawn half from 1..400 uniformly and
half from the windows' boundary values; failBilling and fixBilling common), a third are
focused (a subscription bought, then mostly billing changes and window-sized advances), a
third guided (advances aimed at window days by a rough sketch of the store).
Exit status 1 on any disagreement or error line (2 if a command fails).
"""
import json
import random
import shlex
import subprocess
import sys
import time

WINDOW_ADVANCES = [1, 14, 15, 16, 29, 30, 31, 44, 45, 46, 47, 59, 60, 61, 89, 90, 335, 364, 365,
                   366, 380, 400]
KEYS = ["D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8", "none"]
USAGE = "usage: crosscheck.py CMD_A -- CMD_B [-n N] [--seed S] [--show K] [--save FILE]"


def gen_event(rnd):
    r = rnd.random()
    if r < 0.12:
        return "buy(monthly)"
    if r < 0.19:
        return "buy(yearly)"
    if r < 0.25:
        return f"buy({rnd.choice(['coins', 'premium'])})"
    if r < 0.55:
        n = rnd.randint(1, 400) if rnd.random() < 0.5 else rnd.choice(WINDOW_ADVANCES)
        return f"advance({n})"
    if r < 0.67:
        return "failBilling"
    if r < 0.79:
        return "fixBilling"
    if r < 0.84:
        return "cancelAutoRenew"
    if r < 0.89:
        return f"refund({rnd.randint(0, 255)})"
    if r < 0.95:
        return "relaunch"
    return "restore"


def gen_focused_event(rnd):
    """Mostly billing changes and window-sized advances: reaches the deep windows (a recovery
    on a boundary day, a second grace) far more often than gen_event."""
    r = rnd.random()
    if r < 0.45:
        n = rnd.choice(WINDOW_ADVANCES) if rnd.random() < 0.8 else rnd.randint(1, 400)
        return f"advance({n})"
    if r < 0.62:
        return "failBilling"
    if r < 0.79:
        return "fixBilling"
    if r < 0.84:
        return "cancelAutoRenew"
    if r < 0.89:
        return "relaunch"
    if r < 0.92:
        return "restore"
    if r < 0.97:
        return f"buy({rnd.choice(['monthly', 'yearly'])})"
    if r < 0.99:
        return f"refund({rnd.randint(0, 255)})"
    return f"buy({rnd.choice(['coins', 'premium'])})"


def gen_guided(rnd):
    """A subscription bought, then events whose advances aim at window days. A rough sketch
    of the store (one subscription chain, billing, grace/retry) picks the days (the renewal
    day, days late inside grace, the first days of retry, the end of retry, the days around
    a recovery's end) and the events that fit its state. The sketch only steers; the
    harnesses decide what really happens."""
    period = {"monthly": 30, "yearly": 365}
    prod = rnd.choice(["monthly", "monthly", "yearly"])
    evs = [f"buy({prod})"]
    day, exp, nxt, auto, billing = 0, period[prod], period[prod], True, True
    trouble, E, recovered = None, None, False
    if prod == "yearly" and rnd.random() < 0.4:
        evs.append("buy(monthly)")
        nxt = 30

    def pick(weights):
        x = rnd.random() * sum(w for _, w in weights)
        for name, w in weights:
            x -= w
            if x < 0:
                return name
        return weights[-1][0]

    for _ in range(rnd.randint(2, 12)):
        if trouble is not None:
            kind = pick([("advance", 45), ("fixBilling", 40), ("relaunch", 10), ("restore", 5)])
        elif exp is None:
            kind = pick([("buy", 50), ("advance", 20), ("fixBilling" if not billing else
                                                        "failBilling", 20), ("relaunch", 10)])
        elif billing:
            kind = pick([("failBilling", 35), ("advance", 40),
                         ("cancelAutoRenew", 30 if recovered else 8), ("relaunch", 8),
                         ("restore", 4), ("buy", 5)])
        else:
            kind = pick([("advance", 70), ("fixBilling", 10), ("cancelAutoRenew", 8),
                         ("relaunch", 8), ("restore", 4)])
        if kind != "fixBilling":
            recovered = False
        if kind == "advance":
            late = [rnd.randint(1, 15), 15, 16, 17, rnd.randint(17, 59), 59, 60, 61]
            if trouble is not None:
                targets = [E + o for o in late]
            elif exp is not None and auto and not billing:
                targets = [exp - 1, exp, exp, exp + rnd.randint(1, 15), exp + 15, exp + 16,
                           exp + 16, exp + 17, exp + 60]
            elif exp is not None:
                targets = [exp - 1, exp, exp + 1, exp + rnd.randint(1, 15)]
            else:
                targets = []
            targets = [t for t in targets if day < t <= day + 400]
            n = rnd.choice(targets) - day if targets and rnd.random() < 0.9 else rnd.randint(1, 60)
            evs.append(f"advance({n})")
            end = day + n
            while trouble is None and exp is not None and auto and exp <= end:
                if billing:
                    exp += nxt
                else:
                    trouble, E = "grace", exp
            if trouble == "grace" and E + 16 <= end:
                trouble = "retry"
            if trouble == "retry" and E + 60 <= end:
                trouble, E, exp = None, None, None
            if exp is not None and trouble is None and exp <= end:
                exp = None
            day = end
        elif kind == "failBilling":
            evs.append(kind)
            billing = False
        elif kind == "fixBilling":
            evs.append(kind)
            billing = True
            recovered = trouble is not None
            if trouble == "grace":
                exp = E + nxt
            elif trouble == "retry":
                exp = day + nxt
            trouble, E = None, None
        elif kind == "cancelAutoRenew":
            evs.append(kind)
            auto = False
        elif kind == "buy":
            p = rnd.choice(["monthly", "yearly"])
            evs.append(f"buy({p})")
            if exp is None:
                exp, nxt, auto = day + period[p], period[p], True
        else:
            evs.append(kind)
    return evs


def gen_histories(n, seed):
    """A third general histories (0..50 events of every kind), a third focused ones (a
    subscription bought first, then 2..15 events of gen_focused_event), a third guided."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        r = rnd.random()
        if r < 1 / 3:
            length = rnd.randint(0, 12) if rnd.random() < 0.5 else rnd.randint(0, 50)
            out.append("; ".join(gen_event(rnd) for _ in range(length)))
        elif r < 2 / 3:
            out.append("; ".join(gen_guided(rnd)))
        else:
            evs = [f"buy({rnd.choice(['monthly', 'monthly', 'yearly'])})"]
            if rnd.random() < 0.2:
                evs.append("buy(monthly)")  # a pending downgrade when the first was yearly
            evs += [gen_focused_event(rnd) for _ in range(rnd.randint(2, 15))]
            out.append("; ".join(evs))
    return out


def parse_args(argv):
    opts = {"n": 10000, "seed": 12345, "show": 5, "save": None}
    flags = {"-n": "n", "--seed": "seed", "--show": "show", "--save": "save"}

    def take_opts(words, from_end):
        words = list(words)
        while len(words) >= 2:
            key, val = (words[-2], words[-1]) if from_end else (words[0], words[1])
            if key not in flags:
                break
            opts[flags[key]] = val if key == "--save" else int(val)
            words = words[:-2] if from_end else words[2:]
        return words

    if "--" not in argv:
        sys.exit(USAGE)
    i = argv.index("--")
    left, right = argv[:i], argv[i + 1:]
    tail = []
    if "--" in right:
        j = right.index("--")
        right, tail = right[:j], right[j + 1:]
        if take_opts(tail, False):
            sys.exit(USAGE)
    left = take_opts(left, False)
    right = take_opts(right, True)

    def cmd(words):
        if len(words) == 1:
            words = shlex.split(words[0])
        if not words:
            sys.exit(USAGE)
        return words
    return cmd(left), cmd(right), opts


def run(cmd, inp):
    t0 = time.perf_counter()
    p = subprocess.run(cmd + ["--replay-check"], input=inp, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.stderr.write(f"{shlex.join(cmd)} exited {p.returncode}:\n{p.stderr[-2000:]}\n")
        sys.exit(2)
    lines = [x for x in p.stdout.splitlines() if x.strip()]
    return lines, dt


def parse(line):
    try:
        v = json.loads(line)
    except ValueError:
        return {"error": f"not JSON: {line[:200]}"}
    if not isinstance(v, dict):
        return {"error": f"not an object: {line[:200]}"}
    if "error" not in v and sorted(v) != sorted(KEYS):
        return {"error": f"keys {sorted(v)}", **v}
    return v


def main():
    cmd_a, cmd_b, o = parse_args(sys.argv[1:])
    n = o["n"]
    hist = gen_histories(n, o["seed"])
    inp = "\n".join(hist) + "\n"
    if o["save"]:
        with open(o["save"], "w") as fh:
            fh.write(inp)
    out_a, ta = run(cmd_a, inp)
    out_b, tb = run(cmd_b, inp)
    print(f"A: {shlex.join(cmd_a)}  ({len(out_a)} lines, {ta:.1f} s)")
    print(f"B: {shlex.join(cmd_b)}  ({len(out_b)} lines, {tb:.1f} s)")
    if len(out_a) != n or len(out_b) != n:
        print(f"line counts differ from {n} histories: A {len(out_a)}, B {len(out_b)}")
        sys.exit(1)
    va, vb = [parse(x) for x in out_a], [parse(x) for x in out_b]
    diff = [i for i in range(n) if va[i] != vb[i]]
    errors = [i for i in range(n) if "error" in va[i] or "error" in vb[i]]
    fails_a, fails_b, diff_per = {}, {}, {}
    for i in range(n):
        for k in KEYS:
            if va[i].get(k) is not None:
                fails_a[k] = fails_a.get(k, 0) + 1
            if vb[i].get(k) is not None:
                fails_b[k] = fails_b.get(k, 0) + 1
            if va[i].get(k) != vb[i].get(k):
                diff_per[k] = diff_per.get(k, 0) + 1
    print(f"{n} histories (seed {o['seed']}), {len(diff)} disagreements, {len(errors)} error lines")
    print(f"histories failing per subject, A: {dict(sorted(fails_a.items()))}")
    print(f"histories failing per subject, B: {dict(sorted(fails_b.items()))}")
    if diff_per:
        print(f"disagreements per subject: {dict(sorted(diff_per.items()))}")
    shown = sorted(set(diff) | set(errors))[:o["show"]]
    for i in shown:
        print(f"HISTORY {i}: {hist[i]}")
        keys = [k for k in sorted(set(va[i]) | set(vb[i])) if va[i].get(k) != vb[i].get(k)]
        print("  A:", json.dumps({k: va[i].get(k) for k in keys} if keys else va[i]))
        print("  B:", json.dumps({k: vb[i].get(k) for k in keys} if keys else vb[i]))
    sys.exit(1 if diff or errors else 0)


if __name__ == "__main__":
    main()
