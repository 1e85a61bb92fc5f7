"""The fixed action encoding of the OpenSpiel and PettingZoo adapters,
decisions inside a move included.

Actions ``0..B`` (``B`` is ``Game.num_actions``) lift a hole, with its
direction where the player chooses it (see ``State.legal_actions``). Where
a rule asks the mover to decide inside a move (``choose``; ``Game.decides``),
each decision is an action of its own, by the same player, after the hole:
``B + k`` chooses South's hole ``k`` (``a`` is 0), ``B + P + k`` North's
hole ``k`` (``P`` holes a player), ``B + 2P`` chooses none. While a move
waits for its decisions, the position is the one before it, the same player
moves, and only the decisions the rules allow there are legal. A move
whose decisions are all made is played at once.

Rules whose rounds a player lays out (``refill … chosen``; ``Game.lays_out``)
are refused: a layout (``=a.c``) has no action number.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from ._sowspec import Game, State

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Actions:
    """The action encoding of one game."""

    def __init__(self, game: Game) -> None:
        if game.lays_out:
            raise ValueError(
                f"{game.name}: a player lays out each round at its start (`refill … chosen`), a move such as "
                "`=a.c` that no action number names: the OpenSpiel and PettingZoo adapters do not play these "
                "rules (play them with Game.initial() and State.play_move, moves as text)"
            )
        self.base = game.num_actions
        self.decides = game.decides
        self.per_player = game.holes_per_row * game.rows // 2
        self.count = self.base + (2 * self.per_player + 1 if self.decides else 0)
        """How many actions the game has."""

    def decision(self, action: int) -> str:
        """The decision action ``action`` names (``S.c``, ``N.a``, ``none``)."""
        k = action - self.base
        if not self.decides or not 0 <= k <= 2 * self.per_player:
            raise ValueError(f"action {action} is no decision: decisions are {self.base} to {self.count - 1}")
        if k == 2 * self.per_player:
            return "none"
        side, index = divmod(k, self.per_player)
        return f"{'SN'[side]}.{_LETTERS[index]}"

    def of_decision(self, decision: str) -> int:
        """The action of a decision (``S.c``, ``N.a``, ``none``)."""
        if decision == "none":
            return self.base + 2 * self.per_player
        side, letter = decision.split(".")
        return self.base + "SN".index(side) * self.per_player + _LETTERS.index(letter)

    def legal(self, state: State, pending: Optional[str]) -> List[int]:
        """The legal actions of ``state``, the move ``pending`` (its hole and
        the decisions made so far) waiting for its next decision, if any."""
        if not self.decides:
            return state.legal_actions()
        moves = state.legal_moves()
        if pending is None:
            return sorted({state.move_to_action(m.split("/")[0]) for m in moves})
        return sorted({self.of_decision(m[len(pending) + 1 :].split("/")[0]) for m in moves if m.startswith(pending + "/")})

    def step(self, state: State, pending: Optional[str], action: int) -> Tuple[State, Optional[str]]:
        """The state after ``action`` and the move still waiting for
        decisions, if any. Raises ``IllegalMoveError`` (or ``ValueError``
        for a number that is no action) as ``State.play`` does."""
        if not self.decides:
            return state.play_action(action), None
        begun = state.action_to_move(action) if pending is None else f"{pending}/{self.decision(action)}"
        moves = state.legal_moves()
        if begun in moves or not any(m.startswith(begun + "/") for m in moves):
            # Complete, or illegal: `play` plays it or says why not.
            return state.play(begun), None
        return state, begun

    def name(self, state: State, pending: Optional[str], action: int) -> str:
        """Action ``action`` as text: a move's hole (``c``, ``c+``) or, while
        a move waits, the decision (``N.a``)."""
        return state.action_to_move(action) if pending is None else self.decision(action)
