#!/usr/bin/env python3
"""OpenSpiel's `mancala` (Kalah) and `oware` games as engines of sowspec's
engine protocol (docs/PROTOCOL.md), so that `sowspec conform --engine` can
replay the corpus through OpenSpiel itself:

    pip install open_spiel
    sowspec conform --engine "python3 adapters/openspiel/engine.py" fixtures/kalah_openspiel

It plays `kalah_openspiel` and `oware_openspiel`. With `--published` it also
claims the published readings `kalah` and `oware`, so that conform shows
where OpenSpiel and those rules files differ. OpenSpiel cannot set up an
arbitrary board from Python, so the engine lacks the `from` feature: games
that start from a position are skipped.

How a state maps to a position (board cells, players, moves, the end of a
game) is tools/openspiel_fixtures.py's, the script that wrote the OpenSpiel
fixtures; it is imported from there, not repeated.
"""
import json
import sys
from pathlib import Path

import pyspiel

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from openspiel_fixtures import Kalah, Oware  # noqa: E402

PUBLISHED = "--published" in sys.argv[1:]
VARIANTS = {"kalah_openspiel": Kalah, "oware_openspiel": Oware}
if PUBLISHED:
    VARIANTS.update({"kalah": Kalah, "oware": Oware})


def position(kind, state):
    """The protocol position of an OpenSpiel state."""
    pos = kind.position(state)
    pos["legal"] = [] if state.is_terminal() else kind.legal_letters(state)
    pos.update({"closed": {"south": [], "north": []}, "round": 1})
    return pos


def action(kind, state, letter):
    """The OpenSpiel action of a move letter, or None if it is not legal."""
    player = state.current_player()
    for a in [] if state.is_terminal() else state.legal_actions():
        if kind.move_letter(player, a) == letter:
            return a
    return None


def send(obj):
    print(json.dumps(obj), flush=True)


def error(code, message):
    send({"ok": False, "error": code, "message": message})


def main():
    kind = state = None
    for line in sys.stdin:
        try:
            req = json.loads(line)
            cmd = req["cmd"]
        except (ValueError, KeyError, TypeError):
            error("malformed", "a request is a JSON object with a `cmd`")
            continue
        if cmd == "hello":
            name = "OpenSpiel %s via adapters/openspiel" % getattr(pyspiel, "__version__", "")
            send({"ok": True, "protocol": 1, "name": name.replace("  ", " "), "variants": sorted(VARIANTS),
                  "features": []})
        elif cmd == "new":
            variant = req.get("variant")
            if variant not in VARIANTS:
                error("unknown_variant", "this engine plays %s" % ", ".join(sorted(VARIANTS)))
            elif req.get("from") is not None or req.get("one_round"):
                error("unsupported", "OpenSpiel starts only from the initial position")
            else:
                kind = VARIANTS[variant]
                state = pyspiel.load_game(kind.game).new_initial_state()
                send({"ok": True, "position": position(kind, state)})
        elif cmd in ("move", "position") and state is None:
            error("no_game", "send `new` first")
        elif cmd == "move":
            a = action(kind, state, req.get("move"))
            if a is None:
                error("illegal_move", "%r is not a legal move here" % req.get("move"))
            else:
                state.apply_action(a)
                send({"ok": True, "position": position(kind, state)})
        elif cmd == "position":
            send({"ok": True, "position": position(kind, state)})
        elif cmd == "quit":
            send({"ok": True})
            return
        else:
            error("unknown_command", "no command %r" % cmd)


if __name__ == "__main__":
    main()
