"""The exceptions sowspec raises: every error is one of these (or a plain
``ValueError``/``OSError`` for a bad argument or an unreadable file), with
its data kept as data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple


@dataclass(frozen=True)
class Diagnostic:
    """One problem of a rules file, as ``sowspec check --json`` reports it."""

    file: str
    """The file it is about."""
    code: str
    """Its code, e.g. ``sowspec::unknown-word``."""
    span: Tuple[int, int]
    """Byte offsets ``[start, end)`` into the rules text."""
    line: int
    """1-based line of the span's start."""
    column: int
    """1-based column (in characters) of the span's start."""
    message: str
    """What is wrong."""
    label: str
    """The label on the span."""
    help: Optional[str]
    """How to fix it, when the checker knows."""
    rendered: str
    """The report as ``sowspec check`` draws it (no colour)."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message} [{self.code}]"


class SowspecError(Exception):
    """Base class of sowspec's own exceptions."""


class RulesError(SowspecError, ValueError):
    """The rules do not check; ``diagnostics`` holds every problem found."""

    def __init__(self, message: str, diagnostics: Sequence[Any]) -> None:
        self.diagnostics: List[Diagnostic] = [
            d if isinstance(d, Diagnostic) else Diagnostic(**{**d, "span": tuple(d["span"])}) for d in diagnostics
        ]
        lines = [message] + [str(d) for d in self.diagnostics]
        super().__init__("\n".join(lines))
        self.message = message

    def __reduce__(self):  # type: ignore[override]
        return (type(self), (self.message, self.diagnostics))


class IllegalMoveError(SowspecError, ValueError):
    """A move that cannot be played here; ``reason`` says why."""

    def __init__(self, move: str, reason: str) -> None:
        super().__init__(f"{move}: {reason}")
        self.move = move
        self.reason = reason

    def __reduce__(self):  # type: ignore[override]
        return (type(self), (self.move, self.reason))


@dataclass(frozen=True)
class PositionProblem:
    """One field of a position document at fault."""

    field: str
    """The field, e.g. ``board.south`` or ``closed.north[1]``."""
    problem: str
    """What is wrong with it."""
    line: Optional[int]
    """1-based line in the JSON text, for errors found reading it."""
    column: Optional[int]
    """1-based column in the JSON text."""


class PositionError(SowspecError, ValueError):
    """A position document the rules cannot accept; ``problems`` names
    every field at fault."""

    def __init__(self, message: str, problems: Sequence[Any]) -> None:
        super().__init__(message)
        self.message = message
        self.problems: List[PositionProblem] = [
            p if isinstance(p, PositionProblem) else PositionProblem(*p) for p in problems
        ]

    def __reduce__(self):  # type: ignore[override]
        return (type(self), (self.message, self.problems))
