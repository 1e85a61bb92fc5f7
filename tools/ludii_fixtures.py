#!/usr/bin/env python3
"""Play seeded uniform random games in Ludii and write them as sowspec fixtures.

Ludii (the general game system of the Digital Ludeme Project) is an independent
engine: the expected positions come from its code, never from sowspec. Its code
and its .lud texts are CC BY-NC-ND 4.0: this script and tools/ludii/SowRecord.java
(the project's own driver) only run a local build; nothing of Ludii is copied
here. Build Ludii first (tools/README.md, "Ludii"), then:

    python3 tools/ludii_fixtures.py --ludii /work/ludii --game "Kalah.lud" \\
        --rules ../../rules/kalah_ludii.rules --out fixtures/kalah_ludii \\
        --games 100 --seed 1 [--option "Board Size/8"] [--relay] [--decisions] [--sweep-final]

`--ludii DIR` is a Ludii build: DIR/classes (javac output of Common, Language
and Core), DIR/Common/res (the games, loaded by name) and DIR/Common/lib (its
jars). The driver is compiled into DIR/sowspec-driver/ when missing or older
than tools/ludii/SowRecord.java.

How Ludii's state maps to sowspec's (see tools/README.md, "Ludii"):

* Players: Ludii's P1 moves first and sits at the bottom of the board: South.
  P2 is North.
* Sites: the board's sites (its default site type, vertices for mancala
  boards) are grouped into rows by their centre's y; the rows holding the
  most sites are the hole rows, any other site is a store. With two hole
  rows, the lower is South's: S.a.. is that row from the left (increasing
  x), N.a.. the upper row from the right (decreasing x), each from its
  owner's left. With four hole rows (bottom to top: South's outer, South's
  inner, North's inner, North's outer): S.a.. is the bottom row from the
  left, then on along the row above from the right (S.i in front of the
  last outer hole); N.a.. is the top row from the right, then the row below
  from the left. With three hole rows (`rows 3`): S.a.. is the bottom row
  from the left, then back along the right half of the middle row from its
  right end; N.a.. the top row from the right, then the left half of the
  middle row from its left end. These are sowspec's counterclockwise tracks, and Ludii's
  "Track" / per-player tracks run the same way in the games recorded so far.
* Stores: the game's map entries (`(map {(pair P1 ..) (pair P2 ..)})`) that are
  not hole sites are the players' stores, and `captured` is their count. A
  game without stores (Tsoro) removes captured seeds from the board: then
  `captured` of a player is the number of seeds that left the board during
  that player's moves.
* Hands (`--hands`): games without stores that keep each player's takings
  in a hand (`(hand Each)`) have `captured` = the hand's count (all its
  sites', for a hand of several). A stacking game's site holds as many
  seeds as its stack has pieces (the driver reads the stack's size). Site states
  (`--claims-from-states`): a hole Ludii marks with a player's number (the
  Gabata games' wegs) is that player's claim.
* Rounds (`--first-round`): Ludii sets each next round up with moves of its
  own; the record ends at the first position with every hole empty, written
  over with no result.
* Arrangements (`--opening-as-from`, `--arrange N`): moves before the first
  sowing that move counters between sites (Lisolo's arrangement, Gamacha's
  prescribed move) are not replayed: the record starts from the board they
  leave (`from:`); with `--arrange N` a player who may only arrange or pass
  passes once N moves are played.
* Placements (`--placements`): a move from a player's hand (Hand1, Hand2)
  into a hole puts a seed there (Bao's namua): `*x`, signed (with --signed)
  by the way a relay from the placed hole offered both ways then sows it
  (Bao's takasa), `+` otherwise; positions carry the hands (`hand`).
* Claims (`--claims-from-values`): Ludii's per-player value (`(set Value
  Mover (to))`, Toguz Kumalak's tuzdyk) is the site the player claimed; it is
  written as `claimed` (by claimer) when it is a hole.
* Moves: a Ludii move is one decision, `from` a hole of the mover: its letter.
  With `--relay`, a move by the same player that starts from the hole the
  previous sowing ended in (Ludii's relay sowing written as `moveAgain` and
  a new selection of "LastHoleSowed", as in Tsoro) continues the same sowspec
  move: only the position after the last lap is written. Otherwise a
  `moveAgain` (Kalah's extra turn) is the next sowspec move, as in sowspec.
  With --decisions, every Ludii move of the same player's turn after the
  first is part of the same sowspec move: a relay lap (with --relay) is not
  written, any other is a decision written after the hole, `/S.x` or `/N.x`
  (the hole it takes or selects), `/none` for a pass among other options,
  and not written when Ludii offered it alone (a forced pass inside a turn
  is Ludii's way of making a decision that has no option). The legal lists
  are then complete moves: the driver (-Dsowspec.turns=true) lists every
  complete turn of each state where a turn starts, by a depth-first search
  on copies of the state, each move with the number of legal moves at that
  point; they are written in sowspec's notation and order (by hole, then by
  the decisions' options in board order, S.a.. then N.a.., `none` last).
  With --way-decisions, a relay lap Ludii offered among other moves (the
  mover choosing its way again in the middle of a turn, Kubuguza's) is
  a decision written as that way, `/+` counterclockwise or `/-` clockwise
  (sowspec's `relay … chosen`), `+` before `-` in the legal lists; the
  driver gives the first site sown of every such move.
  With --first-round (and --stop-at-other), a record stopped where Ludii
  sets up a new round, after a round that left every hole empty, ends as a
  finished game with no result (Bechi's rounds: a one-round reading).
  Pass moves (Ludii passes for a player with no legal move) are not moves:
  the fixture notes them. Any other move that is not a sowing from a hole
  (Oware's proposal to end a cycle, and the votes on it) refuses the game,
  or with `--stop-at-other` ends its record there with no result, such
  moves left out of the legal lists.
* End: `result` is Ludii's winner (its ranking; a tie is a draw); the final
  position has `to_move: null` and no legal moves. With `--sweep-final`,
  the seeds left in each player's holes are moved to that player's
  `captured` (sowspec's `remaining to owner`; Ludii's `PiecesOwnedBy`
  scores count them so). Games that reach --max-plies Ludii moves, or
  Ludii's own limit (by default 1250 turns a player, which it scores as a
  draw), stop with no result.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

PLAYERS = ["south", "north"]
HERE = Path(__file__).resolve().parent
DRIVER = HERE / "ludii" / "SowRecord.java"


def flow(value):
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def letter(i):
    """The name of a player's hole I (0 = `a`): past `z`, as a spreadsheet
    names its columns (`aa`, `ab`, …), as sowspec does."""
    name = ""
    i += 1
    while i > 0:
        i, r = divmod(i - 1, 26)
        name = chr(ord("a") + r) + name
    return name


def letter_index(name):
    """The inverse of `letter`: `a` is 0, `aa` is 26."""
    i = 0
    for c in name:
        i = i * 26 + ord(c) - ord("a") + 1
    return i - 1


def classpath(ludii):
    lib = ludii / "Common" / "lib"
    return [str(ludii / "classes"), str(lib / "Trove4j_ApacheCommonsRNG.jar"), str(lib / "json-20180813.jar")]


def compile_driver(ludii):
    """Compile SowRecord.java against the Ludii build if needed; returns its class folder."""
    out = ludii / "sowspec-driver"
    cls = out / "SowRecord.class"
    if cls.is_file() and cls.stat().st_mtime >= DRIVER.stat().st_mtime:
        return out
    out.mkdir(parents=True, exist_ok=True)
    cmd = ["javac", "-nowarn", "-encoding", "UTF-8", "--release", "11", "-d", str(out),
           "-cp", os.pathsep.join(classpath(ludii)), str(DRIVER)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"compiling {DRIVER} failed:\n{done.stderr}")
    return out


def run_driver(ludii, game, games, seed, max_plies, options, first=False, turns=False, states=False, arrange=-1):
    """The driver's JSON lines: (board, [game records], timing). With FIRST,
    every move also gives the first site it sows into; with TURNS, every
    state where a turn starts lists its complete turns; with STATES, every
    state gives each board site's local state (Ludii's `set State`)."""
    driver = compile_driver(ludii)
    cp = os.pathsep.join([str(driver)] + classpath(ludii) + [str(ludii / "Common" / "res")])
    props = (["-Dsowspec.first=true"] if first else []) + (["-Dsowspec.turns=true"] if turns else []) \
        + (["-Dsowspec.states=true"] if states else []) + ([f"-Dsowspec.arrange={arrange}"] if arrange >= 0 else [])
    cmd = ["java", "-Xmx1g"] + props + ["-cp", cp, "SowRecord", game, str(games), str(seed), str(max_plies)] + options
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"Ludii driver failed ({' '.join(cmd)}):\n{done.stderr[-3000:]}")
    board, recs, timing = None, [], None
    for line in done.stdout.splitlines():
        if not line.startswith("{"):
            continue  # Ludii prints a few notes of its own
        obj = json.loads(line)
        kind = obj.pop("kind")
        if kind == "board":
            board = obj
        elif kind == "game":
            recs.append(obj)
        elif kind == "timing":
            timing = obj
    if board is None:
        sys.exit(f"Ludii driver printed no board line:\n{done.stdout[:2000]}{done.stderr[-2000:]}")
    return board, recs, timing


class Layout:
    """Ludii sites as sowspec holes (see the module docstring)."""

    def __init__(self, board, circle=None):
        sites = board["sites"]
        # --circle: one ring of holes nobody owns (`circle N`), given as Ludii's sites in sowspec's
        # sowing order from `a` (Sat Gol's concentric {7}: its track {0 1 3 5 6 4 2}); both players
        # move from any of them, by the same letters
        self.circle = circle
        rows = {}
        for s in sites:
            rows.setdefault(round(s["y"], 3), []).append(s)
        width = max(len(r) for r in rows.values())
        hole_rows = [sorted(rows[y], key=lambda s: s["x"]) for y in sorted(rows) if len(rows[y]) == width]
        if circle is not None:
            south, north, hole_rows = list(circle), [], [circle]
        elif len(hole_rows) == 2:
            south = [s["site"] for s in hole_rows[0]]
            north = [s["site"] for s in reversed(hole_rows[1])]
        elif len(hole_rows) == 3 and width % 2 == 0:
            # each player: their own row, then back along their half of the middle row (the half
            # on their right): South's from its right end, North's from its left end
            half = width // 2
            south = [s["site"] for s in hole_rows[0]] + [s["site"] for s in reversed(hole_rows[1][half:])]
            north = [s["site"] for s in reversed(hole_rows[2])] + [s["site"] for s in hole_rows[1][:half]]
        elif len(hole_rows) == 4:
            south = [s["site"] for s in hole_rows[0]] + [s["site"] for s in reversed(hole_rows[1])]
            north = [s["site"] for s in reversed(hole_rows[3])] + [s["site"] for s in hole_rows[2]]
        elif len(hole_rows) == 6:
            # three rows each, boustrophedon from the outer row (`rows 6`)
            south = [s["site"] for s in hole_rows[0] + hole_rows[1][::-1] + hole_rows[2]]
            north = [s["site"] for s in hole_rows[5][::-1] + hole_rows[4] + hole_rows[3][::-1]]
        else:
            sys.exit(f"{board['name']}: {len(hole_rows)} rows of {width} holes: only 2, 3 (even), 4 or 6 rows are mapped")
        self.holes = [south, north]
        self.four_rows = len(hole_rows) in (4, 6)
        # Ludii's six-row tracks (Katro, its one six-row game), as sowspec's `+` and `-`: South
        # sows its three rows outwards in, either way (the `-` track the mirror image of `+`, as
        # `track PLAYER clockwise "…"` writes it); North's tracks (Ludii's TrackCCW2, TrackCW2)
        # run from its inner row outwards, each row the other way round in the two.
        self.six = None
        if len(hole_rows) == 6:
            r = [[s["site"] for s in row] for row in hole_rows]
            self.six = [
                (south, r[0][::-1] + r[1] + r[2][::-1]),
                (r[3][::-1] + r[4] + r[5][::-1], r[3] + r[4][::-1] + r[5]),
            ]
        self.where = {}
        for p, row in enumerate(self.holes):
            for i, site in enumerate(row):
                self.where[site] = (p, i)
        self.stores = [None, None]
        for m in board["maps"]:
            for p in (1, 2):
                site = m.get(str(p))
                if site is not None and site >= 0 and site not in self.where and site < len(sites):
                    self.stores[p - 1] = site
        self.board_sites = len(sites)
        # each player's hand (Ludii's `(hand Each)`: containers Hand1, Hand2), when the game has them
        self.hands = [None, None]
        self.hand_sites = [range(0), range(0)]
        for c in board["containers"]:
            for p in (1, 2):
                # a hand of several sites (O An Quan's `(hand Each size:2)`: seeds in one, the
                # mandarin stones taken in the other) counts them all
                if c["name"] == f"Hand{p}":
                    self.hands[p - 1] = c["from"]
                    self.hand_sites[p - 1] = range(c["from"], c["from"] + c["sites"])
        others = [s["site"] for s in sites if s["site"] not in self.where and s["site"] not in self.stores]
        if others:
            sys.exit(f"{board['name']}: board sites {others} are neither holes nor stores")

    def sign(self, site, first):
        """`+` if a sowing from SITE whose first seed falls in FIRST runs
        counterclockwise (sowspec's track: on two rows S.a.., N.a..; on four
        rows each player's own circuit), `-` if clockwise."""
        p, i = self.where[site]
        ring = self.holes[p] if len(self.holes[p]) > len(self.holes[1 - p]) or self.four_rows \
            else (self.holes[0] + self.holes[1])
        if self.six is not None:
            for sign, track in zip("+-", self.six[p]):
                k = track.index(site)
                if first == track[(k + 1) % len(track)]:
                    return sign
            raise ValueError(f"move from site {site} sows first into site {first}, on neither of Ludii's tracks")
        j = ring.index(site)
        if first == ring[(j + 1) % len(ring)]:
            return "+"
        if first == ring[(j - 1) % len(ring)]:
            return "-"
        raise ValueError(f"move from site {site} sows first into site {first}, next to it on neither side")

    def placement(self, move, mover):
        """With --placements: `*c` if MOVE takes a counter from MOVER's hand
        into hole `c` of theirs, else None."""
        if move["pass"] or move["from"] != self.hands[mover]:
            return None
        if move["to"] not in self.where or self.where[move["to"]][0] != mover:
            raise ValueError(f"a move from the hand into site {move['to']}, not a hole of the mover's")
        return "*" + letter(self.where[move["to"]][1])

    def hole_name(self, site):
        p, i = self.where[site]
        return letter(i) if self.circle is not None else "sn"[p] + letter(i)

    def decision_name(self, site):
        """A chosen hole as a move writes it: `S.a`.., `N.a`.."""
        if site not in self.where:
            raise ValueError(f"a decision on site {site}, not a hole")
        p, i = self.where[site]
        return "SN"[p] + "." + letter(i)

    def decision_key(self, name):
        """sowspec's order of a decision's options: S.a.., then N.a.., `none` last;
        a relay's way (--way-decisions) `+` before `-`."""
        if name in ("+", "-"):
            return (3, "+-".index(name))
        if name == "none":
            return (2, 0)
        return ("SN".index(name[0]), letter_index(name[2:]))

    def letter_for(self, site, mover):
        if site not in self.where:
            raise ValueError(f"move from site {site}, not a hole")
        p, i = self.where[site]
        if p != mover and self.circle is None:
            raise ValueError(f"move from site {site}, a hole of the other player")
        return letter(i)


def not_sowing(layout, move):
    """Whether a Ludii move is something other than a sowing from a hole: a
    move from a site that is not a hole (Oware's proposal to end a cycle), or
    a step from one site to another (Katro's lone counter moving ahead)."""
    return move["from"] not in layout.where or move["to"] != move["from"]


def move_name(layout, args, step, following, mover):
    """The sowspec name of a turn's first Ludii move STEP, FOLLOWING being the
    turn's next Ludii move (with "options", the number of legal moves there)
    or None: a hole's letter (signed with --signed), or with --placements a
    seed placed from the hand, `*` and the hole's letter. A placement's sign
    is the way the placed hole is then sown (Bao's takasa: a relay from it
    offered both ways); a placement that is not sown on so is written `+`."""
    if args.placements and step["from"] in layout.hands:
        if step["to"] not in layout.where:
            raise ValueError(f"a placement into site {step['to']}, not a hole")
        sign = ""
        if args.signed:
            sign = "+"
            if following is not None and following["from"] == step["to"] and following["options"] == 2:
                sign = layout.sign(following["from"], following["first"])
        return "*" + letter(layout.where[step["to"]][1]) + sign
    sign = layout.sign(step["from"], step["first"]) if args.signed else ""
    return layout.letter_for(step["from"], mover) + sign


def position(layout, state, captured, ply, args, over, round_over=False):
    """The position of STATE in the JSON protocol. ROUND_OVER: Ludii has
    ended the first round and sets up the next (--first-round): written
    over, with no result (the round's winner is not Ludii's to say)."""
    board = {PLAYERS[p]: [state["counts"][s] for s in layout.holes[p]] for p in (0, 1)}
    if layout.circle is not None:
        board = {"circle": board["south"]}
    if layout.stores[0] is not None:
        captured = [state["counts"][layout.stores[p]] for p in (0, 1)]
    elif args.hands:
        captured = [sum(state["counts"][s] for s in layout.hand_sites[p]) for p in (0, 1)]
    captured = list(captured)
    result = None
    if over and state.get("over"):
        w = state["winner"]
        result = {"winner": "draw" if w == 0 else PLAYERS[w - 1]}
        if args.sweep_final:
            for p in (0, 1):
                captured[p] += sum(board[PLAYERS[p]])
                board[PLAYERS[p]] = [0] * len(board[PLAYERS[p]])
    pos = {"ply": ply, "to_move": None if over else PLAYERS[state["mover"] - 1], "board": board,
           "captured": {PLAYERS[p]: captured[p] for p in (0, 1)}}
    if args.placements:
        pos["hand"] = {PLAYERS[p]: state["counts"][layout.hands[p]] for p in (0, 1)}
    if over or round_over:
        pos["legal"] = []
        if round_over:
            pos["to_move"] = None
    elif state.get("limit"):
        del pos["to_move"]  # Ludii ended the game at its limit: neither mover nor legal moves are kept
    elif args.decisions:
        pos["legal"] = complete_moves(layout, state, args)
    else:
        mover = state["mover"] - 1
        holes = set()
        for m in state["legal"]:
            placed = layout.placement(m, mover) if args.placements else None
            if placed is not None:
                # a placement sows nothing: under --signed it is written `+` (counterclockwise)
                holes.add((False, 1, layout.where[m["to"]][1], "*", "+" if args.signed else ""))
                continue
            if m["pass"] or (args.stop_at_other and not_sowing(layout, m)):
                continue  # not a sowing (with --stop-at-other, e.g. Oware's proposal to end a cycle)
            layout.letter_for(m["from"], mover)  # a hole of the mover's, or refuse the game
            sign = layout.sign(m["from"], m["first"]) if args.signed else ""
            holes.add((sign == "-", 0, layout.where[m["from"]][1], "", sign))
        # sowspec's order: by hole, the lifts before the placements; signed, every `+` move first,
        # then every `-` move
        pos["legal"] = [star + letter(i) + sign for _, _, i, star, sign in sorted(holes)]
    if not round_over:
        pos["result"] = result
    if args.claims_from_states and not round_over:  # Ludii's marks go with the seeds it collects
        claimed = {"south": [], "north": []}
        for p in (0, 1):
            for i, site in enumerate(layout.holes[p]):
                owner = state["site_states"][site]
                if owner in (1, 2):
                    claimed[PLAYERS[owner - 1]].append("sn"[p] + letter(i))
        pos["claimed"] = claimed
    if args.claims_from_values:
        claimed = {"south": [], "north": []}
        for p in (0, 1):
            v = state["values"][p]
            if v in layout.where:
                claimed[PLAYERS[p]].append(layout.hole_name(v))
        pos["claimed"] = claimed
    return pos


def complete_moves(layout, state, args):
    """The legal list under --decisions: the driver's complete turns of STATE
    (-Dsowspec.turns) in sowspec's notation and order, each hole's moves in
    the order of their decisions' options."""
    if "turns" not in state:
        raise ValueError("a turn starts in a state the driver listed no turns for")
    mover = state["mover"] - 1
    moves = {}
    for turn in state["turns"]:
        steps = turn["moves"]
        if steps[0]["pass"] or (args.stop_at_other and not_sowing(layout, steps[0])):
            continue
        name = move_name(layout, args, steps[0], steps[1] if len(steps) > 1 else None, mover)
        sign = name[-1] if args.signed else ""
        placed = name.startswith("*")
        names = [] if turn["endless"] else decisions(layout, args, steps)
        site = steps[0]["to"] if placed else steps[0]["from"]
        # sowspec's order: the `+` lifts, the `+` placements, the `-` lifts, the `-` placements
        key = (sign == "-", placed, layout.where[site][1], tuple(layout.decision_key(n) for n in names))
        moves[key] = name + "".join("/" + n for n in names)
    return [moves[k] for k in sorted(moves)]


def decisions(layout, args, steps):
    """The decisions a turn's Ludii moves STEPS make after the first (each
    with "options", the number of legal moves at that point, and "last_to"):
    relay laps (--relay) and forced moves are not written, but with
    --way-decisions a relay lap among several options is written as the
    way it sows, `+` or `-` (sowspec's `relay … chosen`)."""
    names = []
    for prev, step in zip(steps, steps[1:]):
        if not step["pass"] and args.relay and step["from"] == prev["last_to"]:
            # a relay lap; with --way-decisions, one Ludii offered both ways is the way it took
            if args.way_decisions and step["options"] > 1:
                names.append(layout.sign(step["from"], step["first"]))
            continue
        if step["options"] > 1:
            names.append(decision(layout, step))
    return names


def decision(layout, move):
    """A decision as a move writes it: the chosen hole, or `none` for a pass
    (an optional choice declined). A forced pass inside a turn (Ludii passes
    when a decision has no option) is not a decision: it is never written."""
    return "none" if move["pass"] else layout.decision_name(move["from"])


def relay_lap(args, move, following, state_between):
    """Whether Ludii's FOLLOWING move continues MOVE as a relay lap (--relay):
    the same player, again (Ludii's `SameTurn`), from the hole MOVE's
    sowing ended in."""
    if not (args.relay and following is not None and not move["pass"] and not following["pass"]
            and following["mover"] == move["mover"] and state_between["prev"] == move["mover"]):
        return False
    # --relay-any: Ludii relays from a hole it remembered (`set Var "Replay" (to)`), which the last
    # action's site (a capture's hand) need not be; the game has no other move of the same turn
    return args.relay_any or following["from"] == move["last_to"]


def continues(args, move, following, state_between):
    """Whether Ludii's FOLLOWING move is part of the same sowspec move as
    MOVE: a relay lap, or with --decisions any move of the same player
    again (a decision inside the move)."""
    if relay_lap(args, move, following, state_between):
        return True
    return (args.decisions and following is not None and not move["pass"]
            and following["mover"] == move["mover"] and state_between["mover"] == move["mover"])


def convert(layout, rec, args):
    """A driver record as (moves, positions, passes, result, why it stopped
    early or None): sowspec moves, the positions after each, and the plies
    after which Ludii passed."""
    states, lmoves = rec["states"], rec["moves"]
    if args.opening_as_from or args.opening_plies:
        # the players' arrangement (moves of a counter from one hole to another, and passes) is
        # over at Ludii's first sowing (a selection, `from` == `to`): the record starts there;
        # --opening-plies N: after Ludii's first N moves, a scripted opening (Jimafesosh's)
        first = args.opening_plies or next(
            (k for k, m in enumerate(lmoves) if not m["pass"] and m["from"] == m["to"]), len(lmoves))
        rec["opening"] = first
        states, lmoves = states[first:], lmoves[first:]
        start = position(layout, states[0], [0, 0], 0, args, False)
        rec["from"] = {"to_move": start["to_move"], "board": start["board"], "captured": start["captured"],
                       "closed": {"south": [], "north": []}, "round": 1}
        if args.opening_plies:
            # the rules play the opening's last sowing as the round's first move (turn counters at 0)
            rec["from"]["turns"] = {"played": 0, "extra": 0}
    captured = [0, 0]
    moves, positions, passes = [], [], []
    positions.append(position(layout, states[0], captured, 0, args, False))

    def total(state):
        # with --placements, the seeds in hand are still in play: a placement takes none off
        in_hand = sum(state["counts"][h] for h in layout.hands) if args.placements else 0
        return sum(state["counts"][:layout.board_sites]) + in_hand

    stopped = None
    for k, m in enumerate(lmoves):
        before, after = states[k], states[k + 1]
        mover = m["mover"] - 1
        if args.stop_at_other and not m["pass"] and not_sowing(layout, m):
            stopped = f"Ludii move {m['text']} (not a sowing) after ply {len(moves)}: stopped there, no result"
            break
        inside = k > 0 and continues(args, lmoves[k - 1], m, before)
        if m["pass"] and not inside:
            passes.append(len(moves))
        else:
            if k > 0 and relay_lap(args, lmoves[k - 1], m, before):
                # a relay lap: the same move goes on; with --way-decisions, the way of one Ludii
                # offered both ways is a decision (`/+`, `/-`)
                if args.way_decisions and len(before["legal"]) > 1:
                    moves[-1] += "/" + layout.sign(m["from"], m["first"])
            elif inside:
                if len(before["legal"]) > 1:  # a forced decision is not written
                    moves[-1] += "/" + decision(layout, m)
            else:
                following = lmoves[k + 1] if k + 1 < len(lmoves) and continues(args, m, lmoves[k + 1], after) \
                    else None
                if following is not None:
                    following = dict(following, options=len(after["legal"]))
                moves.append(move_name(layout, args, m, following, mover))
            if layout.stores[0] is None:
                captured[mover] += total(before) - total(after)
        over = bool(after.get("over"))
        round_over = args.first_round and not over and sum(after["counts"][s] for s in layout.where) == 0
        if not round_over and continues(args, m, lmoves[k + 1] if k + 1 < len(lmoves) else None, after):
            continue  # the move goes on: only the position after its last lap or decision is written
        if args.decisions and not over and k + 1 == len(lmoves) and after["mover"] == m["mover"]:
            break  # the move cap fell inside a turn: the unfinished move is dropped below
        pos = position(layout, after, captured, len(moves), args, over, round_over)
        if positions and positions[-1]["ply"] == len(moves):
            positions[-1] = pos  # after a pass: the same ply, the other player to move
        else:
            positions.append(pos)
        if round_over:
            rec["round_end"] = True  # Ludii sets up the next round with moves of its own: the record ends here
            break
    if rec["capped"] and not rec.get("round_end") and (args.relay or args.decisions) and lmoves and stopped is None:
        final, m = states[-1], lmoves[-1]
        unfinished = final["prev"] == m["mover"] and any(l["from"] == m["last_to"] for l in final["legal"])
        if args.relay_any:
            unfinished = final["prev"] == m["mover"] and final.get("mover") == m["mover"]
        if args.decisions and not final.get("limit"):
            unfinished = final["mover"] == m["mover"]
        if unfinished:
            # the cap fell inside a move (a never-ending relay, as a rule): drop the unfinished move
            moves.pop()
            positions = [p for p in positions if p["ply"] <= len(moves)]
            stopped = f"an unfinished {'move' if args.decisions else 'relay'} at the move cap: " \
                      f"the record stops after ply {len(moves)}"
    if args.first_round and stopped is not None and positions[-1].get("legal") == [] \
            and not any(any(row) for row in positions[-1]["board"].values()):
        # Ludii's first round is over (each row taken by its owner) and its next begins: the end of a
        # one-round reading, written with no result (Ludii's match has none yet)
        positions[-1]["to_move"] = None
        del positions[-1]["result"]
        stopped = "the end of the first round (--first-round): Ludii's next round is not recorded, no result"
    last = positions[-1]
    return moves, positions, passes, last.get("result"), stopped


def write_yaml(folder, n, rec, board, moves, positions, passes, result, rules, args, ludii_version, stopped):
    name = board["name"]
    opts = f" with options {', '.join(board['options'])}" if board["options"] else ""
    end = stopped or ("the end of the first round (Ludii goes on to the next round)" if rec.get("round_end")
                      else "stopped at --max-plies" if rec["capped"] else "the game's end rules")
    lines = [f"# Ludii `{args.game}`{opts} game {n}, uniform random play (seed {args.seed}), ended by: {end}"]
    if rec.get("round_end"):
        lines.append("# the first round only: the board is empty, no result is expected (Ludii names no round winner)")
    elif rec["capped"] or stopped:
        lines.append("# stopped before the end: no result is expected")
    if passes:
        lines.append(f"# Ludii passes (not moves) after plies {', '.join(map(str, passes))}")
    if "from" in rec:
        lines.append(f"# the start is the board Ludii's {rec['opening']} forced opening moves leave" if args.opening_plies
                     else f"# the start is the board the players arranged in Ludii's {rec['opening']} opening moves")
    lines += [
        f"rules: {flow(rules)}",
        "source: " + flow(f"independent engine: Ludii {ludii_version} ({name}{opts}), "
                          f"tools/ludii_fixtures.py --seed {args.seed}, game {n}"),
    ]
    if "from" in rec:
        lines.append(f"from: {flow(rec['from'])}")
    # a placement (`*c`) is quoted: a bare `*` starts a YAML alias
    lines.append("moves: [" + ", ".join(flow(m) if m.startswith("*") else m for m in moves) + "]")
    if result:
        lines.append(f"result: {result['winner']}")
    lines.append("expect:")
    lines += [f"  - {flow(p)}" for p in positions]
    (folder / f"random-{n:03}.yaml").write_text("\n".join(lines) + "\n")


def ludii_version(ludii):
    """Ludii's version string from its build (main.Constants.LUDEME_VERSION), or 'unknown'."""
    src = ludii / "Common" / "src" / "main" / "Constants.java"
    try:
        for line in src.read_text().splitlines():
            if "LUDEME_VERSION" in line and "=" in line:
                return line.split("=")[1].strip().strip(";").strip('"')
    except OSError:
        pass
    return "unknown"


SWITCHES = [
    ("--relay",
     "a move by the same player from the hole the last sowing ended in continues the move"),
    ("--relay-any",
     "with --relay: any move by the same player again in the same turn is a relay lap (for "
     "games that relay from a remembered hole and have no extra turns or decisions)"),
    ("--sweep-final",
     "at the end, move the seeds left in each player's holes to that player's captured"),
    ("--signed",
     "write every move with the direction it sows in (`c+` counterclockwise, `c-` clockwise), "
     "as sowspec's `direction chosen` reads it: for games where the mover chooses a direction"),
    ("--stop-at-other",
     "stop a game, with no result, before its first move that is not a sowing from a hole "
     "(Oware's proposal to end a cycle, Katro's lone counter stepping ahead), and leave such "
     "moves out of the legal lists"),
    ("--decisions",
     "a Ludii turn of several moves by the same player is one sowspec move: each move after "
     "the first that is not a relay lap is a decision, written `/S.x` or `/N.x` after the hole "
     "unless it was the only legal move; legal lists complete moves (-Dsowspec.turns)"),
    ("--way-decisions",
     "with --relay and --decisions: a relay lap Ludii offered among other moves (the mover "
     "choosing its way, Kubuguza's turn mid-move) is a decision written `/+` (counterclockwise) "
     "or `/-` (clockwise) after the hole, as sowspec's `relay … chosen`; legal lists `+` before `-`"),
    ("--hands",
     "captured is the count of each player's hand (Hand1, Hand2), where the game keeps "
     "the seeds each player took"),
    ("--claims-from-states",
     "a hole whose Ludii site state is a player's number is claimed by that player "
     "(the Gabata games' wegues, `set State`)"),
    ("--first-round",
     "a game in rounds: the record ends when the board is first empty (Ludii collects the "
     "seeds and moves on to set up the next round), written over, with no result"),
    ("--opening-as-from",
     "the moves before Ludii's first sowing arrange the counters (Lisolo): the record starts "
     "after them, with the board they leave as `from:`"),
    ("--claims-from-values",
     "write each player's Ludii value (a site) as the hole that player claimed"),
    ("--placements",
     "a move from a player's hand (Hand1, Hand2) into a hole places a seed there: written `*x`, "
     "with --signed the way a relay from the placed hole then sows (`+` when none is offered both "
     "ways); positions carry each hand (`hand`)"),
]
"""The on/off options: (flag, help)."""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="See tools/README.md, section Ludii.")
    ap.add_argument("--ludii", required=True, type=Path, help="a Ludii build (classes/, Common/res, Common/lib)")
    ap.add_argument("--game", required=True, help="a Ludii game by file name, e.g. \"Tsoro.lud\"")
    ap.add_argument("--option", action="append", default=[],
                    help="a Ludii option, e.g. \"Board Size/8\" (repeatable)")
    ap.add_argument("--rules", help="the rules file written in each fixture, relative to the fixture's folder")
    ap.add_argument("--out", required=True, type=Path, help="folder for the fixtures (its random-*.yaml are replaced)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=2000, help="stop a game after this many Ludii moves")
    for flag, meaning in SWITCHES:
        ap.add_argument(flag, action="store_true", help=meaning)
    ap.add_argument("--circle", metavar="SITES",
                    help="a board of one circle (`circle N`): Ludii's sites in sowing order from hole a, "
                         "e.g. \"0 1 3 5 6 4 2\" (Sat Gol's track)")
    ap.add_argument("--opening-plies", type=int, default=0, metavar="N",
                    help="Ludii's first N moves are a scripted opening (Jimafesosh's forced moves of four "
                         "counters a hole): the record starts after them, with the board they leave as from:")
    ap.add_argument("--arrange", type=int, default=-1, metavar="N",
                    help="with --opening-as-from: after N Ludii moves, a player arranging counters passes "
                         "(the driver's -Dsowspec.arrange), so the arrangement ends")
    args = ap.parse_args()

    # "Tsoro (Additional Capture).lud" -> tsoro_additional_capture
    stem = re.sub(r"[^a-z0-9]+", "_", Path(args.game).stem.lower()).strip("_")
    rules = args.rules or f"../../rules/{stem}_ludii.rules"
    t0 = time.time()
    board, recs, timing = run_driver(args.ludii, args.game, args.games, args.seed, args.max_plies, args.option,
                                     first=args.signed or args.way_decisions, turns=args.decisions,
                                     states=args.claims_from_states, arrange=args.arrange)
    for rec in recs:
        final = rec["states"][-1]
        if final.get("over") and final.get("end_type") in ("MoveLimit", "TurnLimit"):
            # Ludii's own limit (1250 turns a player by default) ends the game as a draw: a cap, not a result
            rec["capped"] = True
            final["over"] = False
            final["limit"] = True  # Ludii lists no legal moves once it has ended the game
    layout = Layout(board, [int(x) for x in args.circle.split()] if args.circle else None)
    if (args.hands or args.placements) and None in layout.hands:
        sys.exit(f"{board['name']}: --hands or --placements, but the game has no containers Hand1 and Hand2")
    version = ludii_version(args.ludii)
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("random-*.yaml"):
        old.unlink()
    tally, lengths, failed = {}, [], []
    for rec in recs:
        try:
            moves, positions, passes, result, stopped = convert(layout, rec, args)
        except ValueError as exc:
            failed.append(f"game {rec['game']}: {exc}")
            continue
        write_yaml(args.out, rec["game"], rec, board, moves, positions, passes, result, rules, args, version, stopped)
        key = "round" if rec.get("round_end") and not result else "capped" if rec["capped"] and not result \
            else "stopped" if stopped else (result or {}).get("winner", "none")
        tally[key] = tally.get(key, 0) + 1
        lengths.append(len(moves))
    speed = ""
    if timing:
        speed = (f"; Ludii {timing['seconds'] * 1000 / max(1, timing['games']):.1f} ms a game, "
                 f"{timing['seconds'] * 1e6 / max(1, timing['moves']):.0f} us a Ludii move")
    print(f"{board['name']}: {len(lengths)}/{args.games} games written to {args.out}/ (results {tally}, "
          f"mean {sum(lengths) / max(1, len(lengths)):.1f} moves){speed}; {time.time() - t0:.1f} s in all")
    for f in failed:
        print(f"  not written: {f}")


if __name__ == "__main__":
    main()
