#!/usr/bin/env python3
"""A toy Kalah(6,4) engine speaking sowspec's engine protocol (docs/PROTOCOL.md),
with bugs to order, for the tests of `sowspec conform --engine`:

    toy.py                  plays Kalah correctly
    toy.py --bug capture    never captures
    toy.py --bug crash      dies at the second move of a game
    toy.py --bug slow       takes 10 s over the second move of a game
    toy.py --bug garbage    answers the second move of a game with text that is not JSON
    toy.py --bug silent     answers the second move of a game with a reply that has no position
    toy.py --bug hello      answers `hello` with protocol 99
    toy.py --bug twice      answers the second move of a game twice, in one write
    toy.py --bug hello2     answers `hello` twice, in one write
    toy.py --bug blank      writes a blank line before each reply
    toy.py --bug fields     adds fields of its own at every level of its replies
    toy.py --bug hang       hangs (for 300 s) over the second move of a game
    toy.py --bug stream     answers `new` with output that never ends its line (for 60 s)

With TOY_PIDS set, it appends its process id to that file when it starts.
"""
import json
import os
import sys
import time

BUG = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--bug" else None
if os.environ.get("TOY_PIDS"):
    with open(os.environ["TOY_PIDS"], "a") as pids:
        pids.write("%d\n" % os.getpid())
SIDES = ["south", "north"]
N = 6


class Kalah:
    """cells 0-5: South's a-f, 6: South's store, 7-12: North's a-f, 13: North's store."""

    def __init__(self, pos=None):
        if pos is None:
            self.cells, self.to_move = [4] * 6 + [0] + [4] * 6 + [0], 0
        else:
            b, c = pos["board"], pos["captured"]
            self.cells = b["south"] + [c["south"]] + b["north"] + [c["north"]]
            self.to_move = None if pos["to_move"] is None else SIDES.index(pos["to_move"])
        self.moves = 0

    def row(self, p):
        return self.cells[7 * p: 7 * p + 6]

    def legal(self):
        if self.to_move is None:
            return []
        return [chr(97 + i) for i, n in enumerate(self.row(self.to_move)) if n > 0]

    def play(self, letter):
        p = self.to_move
        i, seeds = 7 * p + ord(letter) - 97, None
        seeds, self.cells[i] = self.cells[i], 0
        while seeds:
            i = (i + 1) % 14
            if i == 13 - 7 * p:  # the opponent's store
                continue
            self.cells[i] += 1
            seeds -= 1
        own = 7 * p <= i < 7 * p + 6
        if BUG != "capture" and own and self.cells[i] == 1 and self.cells[12 - i] > 0:
            self.cells[7 * p + 6] += self.cells[i] + self.cells[12 - i]
            self.cells[i] = self.cells[12 - i] = 0
        self.to_move = p if i == 7 * p + 6 else 1 - p
        if sum(self.row(0)) == 0 or sum(self.row(1)) == 0:
            for q in (0, 1):
                self.cells[7 * q + 6] += sum(self.row(q))
                self.cells[7 * q: 7 * q + 6] = [0] * 6
            self.to_move = None

    def position(self):
        s, n = self.cells[6], self.cells[13]
        over = self.to_move is None
        winner = "south" if s > n else "north" if n > s else "draw"
        return {
            "to_move": None if over else SIDES[self.to_move],
            "board": {"south": self.row(0), "north": self.row(1)},
            "captured": {"south": s, "north": n},
            "closed": {"south": [], "north": []},
            "round": 1,
            "legal": self.legal(),
            "result": {"winner": winner} if over else None,
        }


def extended(obj):
    """The reply with fields the protocol does not know, at every level."""
    if "position" in obj:
        p = obj["position"]
        for key in ("board", "captured", "closed"):
            p[key]["east"] = 0
        p["claimed"] = {"south": [], "north": [], "east": []}
        if p["result"] is not None:
            p["result"]["margin"] = abs(p["captured"]["south"] - p["captured"]["north"])
        p["eval"] = 0.5
    obj["took_ms"] = 1
    return obj


def reply(obj):
    if BUG == "blank":
        print("", flush=True)
    if BUG == "fields":
        obj = extended(obj)
    print(json.dumps(obj), flush=True)


def error(code, message):
    reply({"ok": False, "error": code, "message": message})


game = None
for line in sys.stdin:
    try:
        req = json.loads(line)
        cmd = req["cmd"]
    except (ValueError, KeyError, TypeError):
        error("malformed", "not a request")
        continue
    if cmd == "hello" and BUG == "hello2":
        line = json.dumps({"ok": True, "protocol": 1, "name": "toy", "variants": ["kalah"], "features": ["from"]})
        sys.stdout.write(line + "\n" + line + "\n")
        sys.stdout.flush()
    elif cmd == "hello":
        reply({"ok": True, "protocol": 99 if BUG == "hello" else 1, "name": "toy " + (BUG or "sound"),
               "variants": ["kalah", "kalah_openspiel"], "features": ["from"]})
    elif cmd == "new":
        if req.get("variant") not in ("kalah", "kalah_openspiel"):
            error("unknown_variant", "toy plays Kalah only")
            continue
        game = Kalah(req.get("from"))
        if BUG == "stream":
            for _ in range(600):
                sys.stdout.write(" ")
                sys.stdout.flush()
                time.sleep(0.1)
        reply({"ok": True, "position": game.position()})
    elif cmd == "move":
        if game is None:
            error("no_game", "send new first")
            continue
        game.moves += 1
        if game.moves == 2 and BUG == "crash":
            print("Traceback: the toy fell over", file=sys.stderr, flush=True)
            sys.exit(3)
        if game.moves == 2 and BUG == "slow":
            time.sleep(10)
        if game.moves == 2 and BUG == "hang":
            time.sleep(300)
        if game.moves == 2 and BUG == "garbage":
            print("<html>oops</html>", flush=True)
            continue
        if game.moves == 2 and BUG == "silent":
            reply({"ok": True})
            continue
        if req.get("move") not in game.legal():
            error("illegal_move", "%r is not legal here" % req.get("move"))
            continue
        game.play(req["move"])
        if game.moves == 2 and BUG == "twice":
            line = json.dumps({"ok": True, "position": game.position()})
            sys.stdout.write(line + "\n" + line + "\n")
            sys.stdout.flush()
            continue
        reply({"ok": True, "position": game.position()})
    elif cmd == "position":
        reply({"ok": True, "position": game.position()} if game else {"ok": False, "error": "no_game", "message": ""})
    elif cmd == "quit":
        reply({"ok": True})
        break
    else:
        error("unknown_command", cmd)
