"""Moves per second from Python: a random playout loop written in Python
(one call per move), the package's playouts in Rust (`Game.playouts`), and
its statistics (`Game.stats`, on one thread), for comparison with
`cargo run --release -- bench RULES --threads 1 --exhaustive`.

    python crates/python/examples/speed.py rules/kalah.rules rules/oware.rules
"""

import random
import sys
import time

import sowspec


def python_loop(game: sowspec.Game, games: int, seed: int) -> int:
    """Random games played move by move from Python; the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        state = game.initial()
        while not state.is_over and plies < 10**9:
            actions = state.legal_actions()
            state = state.play_action(rng.choice(actions))
            plies += 1
    return plies


def timed(f):
    start = time.perf_counter()
    plies = f()
    return plies, time.perf_counter() - start


def main(paths):
    print("| rules | Python loop, moves/s | Game.playouts, moves/s | Game.stats (1 thread), moves/s |")
    print("|---|---:|---:|---:|")
    for path in paths:
        game = sowspec.Game.load(path)
        loop, t_loop = timed(lambda: python_loop(game, 300, 1))
        rust, t_rust = timed(lambda: game.playouts(3000, seed=1))

        def stats():
            doc = game.stats(games=3000, seed=1, threads=1)
            return round(doc["variants"][0]["length"]["mean"] * 3000)

        st, t_st = timed(stats)
        print(f"| {game.name} | {loop / t_loop:,.0f} | {rust / t_rust:,.0f} | {st / t_st:,.0f} |")


if __name__ == "__main__":
    main(sys.argv[1:] or ["rules/kalah.rules"])
