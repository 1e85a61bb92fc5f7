"""Any rules file as an OpenSpiel game: a ``pyspiel`` Python game, usable by
OpenSpiel's own algorithms (MCTS, minimax, CFR's tree walkers, …).

>>> from sowspec.openspiel import load_game
>>> game = load_game("rules/kalah.rules")                  # doctest: +SKIP
>>> state = game.new_initial_state()                       # doctest: +SKIP
>>> state.apply_action(state.legal_actions()[0])           # doctest: +SKIP

The game is registered with OpenSpiel as ``python_sowspec``, its parameter
``rules`` the rules file's path: ``pyspiel.load_game("python_sowspec",
{"rules": "rules/oware.rules"})`` gives the same game.

**Players**: 0 is South (who moves first), 1 is North. A player who lands
an extra turn is ``current_player()`` again.

**Actions** (fixed, the same for both players): action ``a`` lifts the
mover's hole ``a mod H``, where ``H`` is ``Game.move_holes`` (the holes of
a row on two rows, both the player's rows on four; 0 is hole ``a``, the
player's left-most, sowing counterclockwise). Where the rules let the
player choose the direction (``direction chosen``) there are ``2H``
actions: ``0..H`` sow ``+`` (counterclockwise), ``H..2H`` sow ``-``. No
action passes: a player who cannot move passes, or the game ends, as the
rules say, inside the move before. Where the rules ask for decisions
inside a move (``choose``, ``Game.decides``), each decision is an action
of its own by the same player after the hole (``B + k``: South's hole
``k``; ``B + P + k``: North's; ``B + 2P``: none; ``B`` the actions above,
``P`` the holes a player owns), and the move is played once its decisions
are made; ``max_game_length`` counts those actions too.

**Returns**: +1 for the winner, -1 for the loser, 0 each for a draw and for
a game stopped at ``max_game_length`` moves (a parameter, 1000 by default
as in OpenSpiel's own ``mancala`` and ``oware``).

**Observation tensor** (from the observing player's side): the seeds of
each of their holes, in letter order, then each of their opponent's, then
the seeds each holds off the board (theirs first), then 1 if they are to
move: ``2 × holes per player + 3`` numbers. **Information state string**:
the history of actions (the game has perfect information). **Observation
string**: the board as ``sowspec play`` draws it.

A drawn start (``seeds drawn …``) is laid out by the ``draw`` parameter
(a seed; 0 by default), not by a chance node.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Union

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ._actions import Actions
from ._sowspec import Game, State

SHORT_NAME = "python_sowspec"
"""The name the games are registered under in OpenSpiel."""

DEFAULT_MAX_GAME_LENGTH = 1000
"""Moves after which a game is stopped (OpenSpiel's ``mancala`` and ``oware`` stop at 1000)."""

_PARAMETERS = {"rules": "", "one_round": False, "max_game_length": DEFAULT_MAX_GAME_LENGTH, "draw": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="sowspec rules file",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


class SowspecGame(pyspiel.Game):
    """A rules file as an OpenSpiel game (parameters ``rules``, the file's
    path; ``one_round``; ``max_game_length``; ``draw``)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        if not params["rules"]:
            raise ValueError(f"{SHORT_NAME}: give the rules file as the parameter `rules`")
        self.rules: Game = Game.load(os.fspath(params["rules"]), one_round=bool(params["one_round"]))
        self.actions = Actions(self.rules)
        self.max_length = int(params["max_game_length"])
        if self.max_length < 1:
            raise ValueError(f"max_game_length {self.max_length}: give at least 1")
        self.draw = int(params["draw"])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.count,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> "SowspecState":
        """The start of a game."""
        return SowspecState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of states: the board's numbers, or for a perfect
        recall information state, the history (public, perfect information)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SowspecState(pyspiel.State):
    """A position of a :class:`SowspecGame`, with its move count."""

    def __init__(self, game: SowspecGame) -> None:
        super().__init__(game)
        self._played = _Played.start(game.rules, game.draw)
        self._max_length = game.max_length

    @property
    def position(self) -> State:
        """The sowspec state."""
        return self._played.state

    @property
    def plies(self) -> int:
        """Moves played."""
        return self._played.plies

    def current_player(self) -> int:
        """0 (South) or 1 (North) to move, or ``pyspiel.PlayerId.TERMINAL``."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return 0 if self.position.to_move == "south" else 1

    def _legal_actions(self, player: int) -> List[int]:
        return self._played.actions_now.legal(self.position, self._played.pending)

    def _apply_action(self, action: int) -> None:
        self._played = self._played.after(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._played.actions_now.name(self.position, self._played.pending, action)

    def is_terminal(self) -> bool:
        """Whether the game is over, or stopped at ``max_game_length`` moves."""
        return self.position.is_over or self.plies >= self._max_length

    def returns(self) -> List[float]:
        """+1 to the winner and -1 to the loser; 0 each for a draw, an
        unfinished game, or one stopped at ``max_game_length``."""
        result = self.position.result
        if result == "south":
            return [1.0, -1.0]
        if result == "north":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self) -> str:
        return self.position.render()


class _Played:
    """A position and the actions that led to it from the start: what a
    state pickles as (OpenSpiel serializes a Python state by pickling its
    attributes). Unpickled, the actions are replayed, so that the positions
    a repetition rule remembers come back too. The actions are kept as a
    chain to the position before, so a move costs the same at any length."""

    __slots__ = ("rules", "draw", "before", "action", "plies", "state", "pending", "actions_now")

    def __init__(
        self,
        rules: Game,
        draw: int,
        before: Optional["_Played"],
        action: int,
        plies: int,
        state: State,
        pending: Optional[str] = None,
    ) -> None:
        self.rules = rules
        self.draw = draw
        self.before = before
        self.action = action
        self.plies = plies
        self.state = state
        # A move waiting for its decisions: its hole and the decisions so far.
        self.pending = pending
        self.actions_now = before.actions_now if before is not None else Actions(rules)

    @staticmethod
    def start(rules: Game, draw: int) -> "_Played":
        """The start of a game."""
        return _Played(rules, draw, None, -1, 0, rules.initial(draw))

    def after(self, action: int) -> "_Played":
        """The position after ``action`` (a move, or a decision inside one)."""
        state, pending = self.actions_now.step(self.state, self.pending, action)
        return _Played(self.rules, self.draw, self, action, self.plies + 1, state, pending)

    def actions(self) -> List[int]:
        """The actions played from the start."""
        out, at = [], self
        while at.before is not None:
            out.append(at.action)
            at = at.before
        return out[::-1]

    def __reduce__(self):
        return (_replayed, (self.rules, self.draw, self.actions()))

    def __copy__(self) -> "_Played":
        return self

    def __deepcopy__(self, memo: Any) -> "_Played":
        # Cloning a state (as MCTS does at every simulation) shares it: a
        # position and the chain before it never change.
        return self


def _replayed(rules: Game, draw: int, actions: List[int]) -> _Played:
    """The position of ``rules`` after ``actions`` from the start."""
    played = _Played.start(rules, draw)
    for action in actions:
        played = played.after(action)
    return played


class BoardObserver:
    """The observation of a state from a player's side (see the module's
    documentation), as OpenSpiel's Python observers give it."""

    def __init__(self, game: SowspecGame, params: Optional[Dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        size = game.rules.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SowspecState, player: int) -> None:
        """Fills ``tensor`` with what ``player`` sees of ``state``."""
        self.tensor[:] = state.position.observation(player)

    def string_from(self, state: SowspecState, player: int) -> str:
        """The board as ``sowspec play`` draws it."""
        return state.position.render()


def load_game(
    path: Union[str, "os.PathLike[str]"],
    one_round: bool = False,
    max_game_length: int = DEFAULT_MAX_GAME_LENGTH,
    draw: int = 0,
) -> SowspecGame:
    """The rules file at ``path`` as an OpenSpiel game (see the module's
    documentation for its actions, returns and observations)."""
    params = {"rules": os.fspath(path), "one_round": one_round, "max_game_length": max_game_length, "draw": draw}
    return pyspiel.load_game(SHORT_NAME, params)


pyspiel.register_game(_GAME_TYPE, SowspecGame)
