#!/usr/bin/env python3
"""The per-variant performance table, regenerated.

Runs `sowspec bench --markdown` over every bundled rules file (the kernel
each one runs on, moves/s, games/s, mean length, games stopped at the ply
limit), then, for the games the C yardstick also plays
(`../shared/yardstick/sowlimit.c`, a hand-written engine outside the
project), times sowspec and the C engine one after the other, alternating,
and adds the ratio of their moves/s (median of the rounds). Single thread.

    cargo build --release
    python3 tools/perf_table.py                 # 2000 games per file, 3 rounds
    python3 tools/perf_table.py --games 20000 --rounds 5

Prints Markdown on standard output; paste it over the table of docs/src/performance.md.
Without a C compiler or the yardstick source, the ratio column stays empty.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Rules file (and sowspec flags) -> the yardstick's name for the same game.
# The yardstick stops Oware playouts at 1,000 plies; so does the comparison.
YARDSTICK = {
    "rules/sadeqa3.rules": ("sadeqa3", []),
    "rules/sadeqa3_4seed.rules": ("sadeqa3_4", []),
    "rules/raja_pasu.rules --one-round": ("raja_pasu_round", ["--one-round"]),
    "rules/kalah_openspiel.rules": ("kalah", []),
    "rules/oware_openspiel.rules": ("oware", ["--max-plies", "1000"]),
}


def sh(args):
    return subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def bench_rows(sowspec, paths, games, extra=()):
    """`sowspec bench --markdown` rows, as lists of cells."""
    out = sh([sowspec, "bench", *paths, "--games", str(games), "--seed", "1", "--markdown", *extra])
    rows = [line.strip("|").split("|") for line in out.splitlines()[2:]]
    return [[c.strip() for c in row] for row in rows]


def number(cell):
    return float(cell.replace(",", ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sowspec", default=os.path.join(ROOT, "target/release/sowspec"))
    ap.add_argument("--yardstick", default=os.path.join(ROOT, "../shared/yardstick/sowlimit.c"))
    args = ap.parse_args()

    c_bin = None
    if os.path.exists(args.yardstick):
        c_bin = "/tmp/sowlimit"
        try:
            subprocess.run(["gcc", "-O2", "-o", c_bin, args.yardstick], check=True)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"no yardstick: {e}", file=sys.stderr)
            c_bin = None

    ratios = {}
    if c_bin:
        for key, (game, extra) in YARDSTICK.items():
            path = key.split()[0]
            ours, theirs = [], []
            for _ in range(args.rounds):
                ours.append(number(bench_rows(args.sowspec, [path], args.games, extra)[0][2]))
                out = sh([c_bin, game, str(args.games), "1"])
                theirs.append(float(re.search(r"([0-9.]+) moves/s", out).group(1)))
            ratios[key] = (statistics.median(ours), statistics.median(theirs))

    rows = bench_rows(args.sowspec, ["rules/"], args.games)
    rows += bench_rows(args.sowspec, ["rules/raja_pasu.rules"], args.games, ["--one-round"])
    rows[-1][0] = "`rules/raja_pasu.rules --one-round`"
    print("| rules file | kernel | moves/s | games/s | mean length | stopped | C yardstick moves/s | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for row in sorted(rows, key=lambda r: r[0]):
        key = row[0].strip("`")
        c, ratio = "", ""
        if key in ratios:
            ours, theirs = ratios[key]
            c, ratio = f"{theirs:,.0f}", f"{ours / theirs:.2f}"
        print("| " + " | ".join(row + [c, ratio]) + " |")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print()
    print(
        f"(Wall-clock time, load average {load} on {os.cpu_count()} cores while measuring. "
        f"{args.games} uniform random games per file, seed 1, one thread; the ratio is sowspec's moves/s "
        f"over the C yardstick's, medians of {args.rounds} alternated runs, Oware both stopped at 1,000 plies: "
        f"`python3 tools/perf_table.py --games {args.games} --rounds {args.rounds}`.)"
    )


if __name__ == "__main__":
    main()
