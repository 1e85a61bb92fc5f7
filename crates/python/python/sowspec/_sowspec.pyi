"""Type stubs of the native module (crates/python/src)."""

import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

DEFAULT_MAX_PLIES: int
"""Plies after which a statistics game is stopped unfinished (as ``sowspec stats``)."""

Player = Union[str, int]
"""``"south"`` or ``"north"``, or 0 (South) or 1 (North)."""

Record = Tuple[int, int, int, int, int, Optional[str]]
"""A statistics game: plies, choices, captures, endless candidates, rounds, outcome."""

class Game:
    """A mancala game: a rules file, checked, with the machine that plays it."""

    @staticmethod
    def load(path_or_text: Union[str, "os.PathLike[str]"], one_round: bool = False) -> "Game":
        """Loads a rules file, or rules text (a ``str`` holding ``{`` or a line
        break). Raises ``RulesError`` with every diagnostic, ``OSError`` when
        the file cannot be read."""
    @staticmethod
    def from_source(source: str, name: str = "rules", file: Optional[str] = None, one_round: bool = False) -> "Game":
        """Checks rules text; ``name`` names the variant in statistics."""
    @property
    def title(self) -> str:
        """The game's name as its rules write it."""
    @property
    def name(self) -> str:
        """The variant's name: the rules file's stem."""
    @property
    def file(self) -> str:
        """The file the rules came from."""
    @property
    def source(self) -> str:
        """The rules text."""
    @property
    def rows(self) -> int:
        """Rows on the board (2 or 4)."""
    @property
    def holes_per_row(self) -> int:
        """Holes in each row."""
    @property
    def chosen_direction(self) -> bool:
        """Whether players choose the direction of each move (``c+``, ``c-``)."""
    @property
    def has_rounds(self) -> bool:
        """Whether the rules play a match of rounds."""
    @property
    def decides(self) -> bool:
        """Whether a rule asks the mover to decide inside a move (moves such as ``g/N.e``)."""
    @property
    def lays_out(self) -> bool:
        """Whether a player lays out each round at its start (``refill … chosen``, moves such as ``=a.c``)."""
    @property
    def drawn_start(self) -> bool:
        """Whether each game's start is drawn at random."""
    @property
    def num_actions(self) -> int:
        """How many actions the fixed action encoding has."""
    @property
    def move_holes(self) -> int:
        """``H`` of the action encoding: hole letters a player moves from."""
    @property
    def observation_size(self) -> int:
        """The length of ``State.observation``."""
    @property
    def total_seeds(self) -> int:
        """Seeds on and off the board at the start."""
    def initial(self, draw: Optional[int] = None) -> "State":
        """The start; ``draw`` seeds a drawn start."""
    def state_from_json(self, doc: Union[str, Dict[str, Any]]) -> "State":
        """The position a protocol document describes; raises ``PositionError``."""
    def perft(self, depth: int, state: Optional["State"] = None) -> int:
        """Move sequences of ``depth`` plies from the start or ``state``."""
    def stats(
        self,
        games: int = 1000,
        seed: int = 1,
        player: str = "random",
        depth: int = 3,
        max_plies: int = ...,
        threads: int = 0,
    ) -> Dict[str, Any]:
        """The document of ``sowspec stats RULES --json``."""
    def survey(
        self, seed: int, start: int, stop: int, player: str = "random", depth: int = 3, max_plies: int = ...
    ) -> List[Record]:
        """Games ``start..stop`` of a statistics run, one record each."""
    def playouts(self, games: int, seed: int = 0, max_plies: int = ...) -> int:
        """Plays random games in Rust; returns the plies played."""

class State:
    """A position of a game; immutable."""

    @property
    def game(self) -> Game:
        """The game this is a position of."""
    @property
    def to_move(self) -> Optional[str]:
        """``"south"`` or ``"north"``; ``None`` once over."""
    @property
    def board(self) -> List[List[int]]:
        """Seeds per hole, a list per row: South's rows, then North's."""
    @property
    def captured(self) -> Dict[str, int]:
        """Seeds each player holds off the board."""
    @property
    def result(self) -> Optional[str]:
        """``"south"``, ``"north"`` or ``"draw"`` once over, else ``None``."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    @property
    def round(self) -> int:
        """The round being played, from 1."""
    def legal_moves(self) -> List[str]:
        """The legal moves as text (``c``, ``c+``)."""
    def play(self, move: str) -> "State":
        """The state after ``move``; raises ``IllegalMoveError`` with the reason."""
    def legal_actions(self) -> List[int]:
        """The legal moves as actions of the fixed encoding, ascending."""
    def action_mask(self) -> List[int]:
        """The legal actions as 0/1, ``Game.num_actions`` long."""
    def play_action(self, action: int) -> "State":
        """The state after an action; raises ``IllegalMoveError``."""
    def action_to_move(self, action: int) -> str:
        """The move of an action."""
    def move_to_action(self, move: str) -> int:
        """The action of a move."""
    def observation(self, player: Player) -> List[float]:
        """What ``player`` sees: their holes, the opponent's, both captured, to move."""
    def to_json(self) -> str:
        """The position as a protocol document."""
    def trace(self, move: str) -> List["Step"]:
        """The steps of ``move``, each with the rules line that caused it."""
    def trace_text(self, move: str) -> str:
        """The steps of ``move`` as ``sowspec trace`` prints them."""
    def render(self) -> str:
        """The board as ``sowspec play`` draws it."""
    def __copy__(self) -> "State": ...
    def __deepcopy__(self, memo: Any) -> "State": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Step:
    """One step of a move, and the rules line that caused it."""

    kind: str
    """``lift``, ``drop``, ``lap_end``, ``capture``, ``extra_turn``, …"""
    text: str
    """The step as ``sowspec trace`` describes it."""
    line: Optional[int]
    """1-based line of the rule that caused it."""
    column: Optional[int]
    """1-based column of that rule."""
    rule: Optional[str]
    """That line's text."""

def stats_document(
    variants: Sequence[Tuple[Game, Sequence[Record]]],
    games: int,
    seed: int,
    player: str = "random",
    depth: int = 3,
    max_plies: int = ...,
) -> str:
    """The ``sowspec stats --json`` document of each game's records, in game order."""
