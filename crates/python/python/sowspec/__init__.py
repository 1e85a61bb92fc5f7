"""sowspec from Python: any mancala rules file as a game to play, trace,
count and measure, and as an OpenSpiel game (:mod:`sowspec.openspiel`), a
PettingZoo environment (:mod:`sowspec.pettingzoo`), and statistics spread
over a Ray cluster (:func:`sowspec.stats` with ``ray=True``).

>>> import sowspec
>>> game = sowspec.Game.load("rules/kalah.rules")       # doctest: +SKIP
>>> state = game.initial().play("c")                    # doctest: +SKIP

The engine is the Rust library behind the ``sowspec`` command line; the
figures of :meth:`Game.stats` are those of ``sowspec stats --json`` for the
same seed.
"""

from ._errors import (
    Diagnostic,
    IllegalMoveError,
    PositionError,
    PositionProblem,
    RulesError,
    SowspecError,
)
from ._sowspec import DEFAULT_MAX_PLIES, Game, State, Step
from ._stats import stats

__all__ = [
    "DEFAULT_MAX_PLIES",
    "Diagnostic",
    "Game",
    "IllegalMoveError",
    "PositionError",
    "PositionProblem",
    "RulesError",
    "SowspecError",
    "State",
    "Step",
    "stats",
]
