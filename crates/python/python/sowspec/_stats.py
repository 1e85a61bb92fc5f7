"""Statistics over many games of several rules files, on this machine's
cores or spread over a Ray cluster, with the same figures either way: those
of ``sowspec stats --json`` for the same seed."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from ._sowspec import DEFAULT_MAX_PLIES, Game, stats_document

PathOrGame = Union[str, "os.PathLike[str]", Game]


def _games(paths: Union[PathOrGame, Iterable[PathOrGame]], one_round: bool) -> List[Game]:
    """The games of rules files, folders of them (``*.rules`` under them,
    sorted by path) and games already loaded."""
    if isinstance(paths, (str, os.PathLike, Game)):
        paths = [paths]
    games: List[Game] = []
    for p in paths:
        if isinstance(p, Game):
            games.append(p)
        elif Path(p).is_dir():
            inside = sorted(Path(p).rglob("*.rules"))
            if not inside:
                raise ValueError(f"no rules files (*.rules) in {p}")
            games.extend(Game.load(f, one_round=one_round) for f in inside)
        else:
            games.append(Game.load(Path(p), one_round=one_round))
    return games


def stats(
    paths: Union[PathOrGame, Iterable[PathOrGame]],
    games: int = 1000,
    seed: int = 1,
    player: str = "random",
    depth: int = 3,
    max_plies: int = DEFAULT_MAX_PLIES,
    one_round: bool = False,
    ray: bool = False,
    chunk_size: Optional[int] = None,
    threads: int = 0,
) -> Dict[str, Any]:
    """The figures of ``sowspec stats PATHS --json`` as a ``dict``: ``games``
    games of each rules file seeded ``seed`` (game ``i`` depends on the seed
    and ``i`` alone), ``player`` on both sides (``"random"``, ``"greedy"``,
    or ``"search"`` to ``depth`` plies), each stopped after ``max_plies``.

    ``paths`` are rules files, folders of them, or loaded :class:`Game`\\ s.
    Without ``ray`` the games are played on ``threads`` threads of this
    machine (0: one per core). With ``ray=True`` each file's games are cut
    into chunks of ``chunk_size`` consecutive games (by default about four
    chunks per CPU of the cluster), each chunk a Ray task; the records come
    back in game order and are summed up exactly as one machine would. Ray
    is started on this machine (``ray.init()``) unless it is initialized
    already: call ``ray.init(address=...)`` first to use an existing
    cluster, whose nodes must have the ``sowspec`` package installed.
    """
    loaded = _games(paths, one_round)
    if not ray:
        docs = [g.stats(games, seed, player, depth, max_plies, threads) for g in loaded]
        if not docs:
            raise ValueError("no rules files given")
        whole = docs[0]
        whole["variants"] = [d["variants"][0] for d in docs]
        return whole
    return _stats_on_ray(loaded, games, seed, player, depth, max_plies, chunk_size)


def chunks(games: int, chunk_size: int) -> List[Tuple[int, int]]:
    """Consecutive ranges ``(start, stop)`` covering ``0..games``, each of
    ``chunk_size`` games but the last."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size {chunk_size}: give at least 1")
    return [(start, min(start + chunk_size, games)) for start in range(0, games, chunk_size)]


def _survey_chunk(game: Game, seed: int, start: int, stop: int, player: str, depth: int, max_plies: int) -> list:
    """Games ``start..stop`` of a run (a Ray task's body)."""
    return game.survey(seed, start, stop, player, depth, max_plies)


def _stats_on_ray(
    loaded: Sequence[Game],
    games: int,
    seed: int,
    player: str,
    depth: int,
    max_plies: int,
    chunk_size: Optional[int],
) -> Dict[str, Any]:
    import ray as ray_

    if not loaded:
        raise ValueError("no rules files given")
    # Refuse a bad setup here, not in every task.
    loaded[0].survey(seed, 0, 0, player, depth, max_plies)
    if not ray_.is_initialized():
        ray_.init()
    if chunk_size is None:
        cpus = max(1, int(ray_.cluster_resources().get("CPU", 1)))
        chunk_size = max(1, math.ceil(games / (4 * cpus)))
    task = ray_.remote(_survey_chunk)
    pending = []
    for game in loaded:
        ref = ray_.put(game)
        pending.append(
            [task.remote(ref, seed, start, stop, player, depth, max_plies) for start, stop in chunks(games, chunk_size)]
        )
    variants = []
    for game, refs in zip(loaded, pending):
        records = [r for part in ray_.get(refs) for r in part]
        variants.append((game, records))
    return json.loads(stats_document(variants, games, seed, player, depth, max_plies))
