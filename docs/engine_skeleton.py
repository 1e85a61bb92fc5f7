#!/usr/bin/env python3
"""An engine of sowspec's protocol (docs/PROTOCOL.md): fill in Game.

Run it as `sowspec conform --engine "python3 engine_skeleton.py" fixtures/`.
As it stands it plays no variant, and answers every request as the protocol
says: tests/protocol_doc.rs checks it.
"""
import json
import sys

VARIANTS = []  # the rules files you play, by stem: ["kalah"]


class Game:
    def __init__(self, variant, start):  # start: a position, or None for the initial one
        raise NotImplementedError

    def position(self):  # the position now, as a dict (docs/PROTOCOL.md, Positions)
        raise NotImplementedError

    def play(self, move):  # play a move ("c", or "c+" where the direction is chosen); False if it is illegal
        raise NotImplementedError


def reply(**fields):
    print(json.dumps(fields), flush=True)


def malformed(message):
    reply(ok=False, error="malformed", message=message)


game = None
for line in sys.stdin:
    if not line.strip():
        continue  # empty lines are ignored
    try:
        request = json.loads(line)
    except ValueError:
        malformed("not JSON")
        continue
    cmd = request.get("cmd") if isinstance(request, dict) else None
    if not isinstance(cmd, str):
        malformed("a request is a JSON object with a string `cmd`")
    elif cmd == "hello":
        reply(ok=True, protocol=1, name="my engine", variants=VARIANTS, features=["from"])
    elif cmd == "new" and not isinstance(request.get("variant"), str):
        malformed("`new` needs a string `variant`")
    elif cmd == "new" and request["variant"] not in VARIANTS:
        reply(ok=False, error="unknown_variant", message="I play " + ", ".join(VARIANTS))
    elif cmd == "new":
        game = Game(request["variant"], request.get("from"))
        reply(ok=True, position=game.position())
    elif cmd == "move" and not isinstance(request.get("move"), str):
        malformed("`move` needs a string `move`")
    elif cmd in ("move", "position") and game is None:
        reply(ok=False, error="no_game", message="send new first")
    elif cmd == "move" and not game.play(request["move"]):
        reply(ok=False, error="illegal_move", message="%r is not legal here" % request["move"])
    elif cmd in ("move", "position"):
        reply(ok=True, position=game.position())
    elif cmd == "quit":
        reply(ok=True)
        break
    else:
        reply(ok=False, error="unknown_command", message="no command %r" % cmd)
