"""Wall-clock time of `sowspec.stats(..., ray=True)` on a local Ray
instance with 1 and then 2 worker CPUs, against one run on one thread.

    python crates/python/examples/ray_scaling.py rules/kalah.rules rules/oware.rules
"""

import sys
import time

import ray

import sowspec


def main(paths, games=20000, seed=1):
    start = time.perf_counter()
    one = sowspec.stats(paths, games=games, seed=seed, threads=1)
    print(f"one thread, no Ray: {time.perf_counter() - start:.2f} s")
    for cpus in (1, 2):
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        sowspec.stats(paths, games=100, seed=seed, ray=True)  # start the workers
        start = time.perf_counter()
        spread = sowspec.stats(paths, games=games, seed=seed, ray=True)
        print(f"Ray, {cpus} CPU(s): {time.perf_counter() - start:.2f} s, same figures: {spread == one}")
        ray.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:] or ["rules/kalah.rules", "rules/oware.rules"])
