"""Any rules file as a PettingZoo AEC environment with action masks.

>>> from sowspec.pettingzoo import env
>>> e = env("rules/oware.rules", render_mode="ansi")       # doctest: +SKIP
>>> e.reset(seed=0)                                         # doctest: +SKIP
>>> for agent in e.agent_iter():                           # doctest: +SKIP
...     obs, reward, terminated, truncated, info = e.last()
...     mask = obs["action_mask"]
...     e.step(None if terminated or truncated else int(mask.nonzero()[0][0]))

**Agents**: ``"south"`` (moves first) and ``"north"``. An agent who lands
an extra turn is selected again.

**Actions**: the fixed encoding of :mod:`sowspec.openspiel` (action ``a``
lifts hole ``a mod H``, sown ``-`` when ``a >= H`` where the player
chooses the direction; where the rules ask for decisions inside a move,
each decision is an action of the same agent after the hole: see
``sowspec._actions``).

**Observations**: a dict of ``"observation"`` (``float32``, from the
agent's side: their holes' seeds, the opponent's, the seeds each holds off
the board, 1 if they are to move) and ``"action_mask"`` (``int8``, the
legal actions of the agent to move; all zeros for the other agent).

**Rewards**: +1 to the winner and -1 to the loser when the game ends, 0
for a draw. A game not over after ``max_plies`` moves is truncated.

**Rendering**: ``render_mode="ansi"`` returns the board as ``sowspec
play`` draws it; ``"human"`` prints it.
"""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._actions import Actions
from ._sowspec import Game, State

AGENTS = ["south", "north"]
"""The agents, in the order the rules' players are numbered."""

DEFAULT_MAX_PLIES = 1000
"""Moves after which a game is truncated."""


class SowspecEnv(AECEnv):
    """A rules file as a two-agent AEC environment (see the module's
    documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "sowspec_v0", "is_parallelizable": False}

    def __init__(
        self,
        rules: Union[str, "os.PathLike[str]", Game],
        render_mode: Optional[str] = None,
        max_plies: int = DEFAULT_MAX_PLIES,
        one_round: bool = False,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: give one of {self.metadata['render_modes']} or None")
        if max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: give at least 1")
        self.game: Game = rules if isinstance(rules, Game) else Game.load(os.fspath(rules), one_round=one_round)
        self.actions = Actions(self.game)
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        n = self.actions.count
        high = float(self.game.total_seeds)
        size = self.game.observation_size
        self.action_spaces = {a: spaces.Discrete(n) for a in AGENTS}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=max(high, 1.0), shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.state: State = self.game.initial()
        # A move waiting for its decisions (see the module's documentation).
        self.pending: Optional[str] = None
        self.plies = 0
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: Dict[str, Dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = self.state.to_move or "south"

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for both)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same for both)."""
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        """What ``agent`` sees, and its legal actions if it is to move."""
        obs = np.asarray(self.state.observation(agent), dtype=np.float32)
        mask = np.zeros(self.actions.count, dtype=np.int8)
        if agent == self.state.to_move:
            mask[self.actions.legal(self.state, self.pending)] = 1
        return {"observation": obs, "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game; ``seed`` lays out a drawn start (``seeds drawn …``)."""
        self.state = self.game.initial(seed)
        self.pending = None
        self.plies = 0
        self._reset_bookkeeping()

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` for the selected agent (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state, self.pending = self.actions.step(self.state, self.pending, int(action))
        self.plies += 1
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        result = self.state.result
        if self.state.is_over:
            if result in AGENTS:
                loser = AGENTS[1 - AGENTS.index(result)]
                self.rewards[result], self.rewards[loser] = 1.0, -1.0
            self.terminations = dict.fromkeys(AGENTS, True)
        elif self.plies >= self.max_plies:
            self.truncations = dict.fromkeys(AGENTS, True)
        self.agent_selection = self.state.to_move or agent
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The board as ``sowspec play`` draws it (``"ansi"``), or printed (``"human"``)."""
        text = self.state.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(rules: Union[str, "os.PathLike[str]", Game], **kwargs: Any) -> SowspecEnv:
    """The environment without PettingZoo's checking wrappers."""
    return SowspecEnv(rules, **kwargs)


def env(rules: Union[str, "os.PathLike[str]", Game], **kwargs: Any) -> AECEnv:
    """The rules file at ``rules`` as an AEC environment, wrapped as
    PettingZoo's classic games are: an illegal action ends the game with
    -1 for the agent who played it, an action out of range raises, and the
    calls must come in order (``reset`` first)."""
    e: AECEnv = SowspecEnv(rules, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
