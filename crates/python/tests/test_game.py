"""The core API: loading, positions, moves, errors, JSON, traces.

Expected values are worked by hand from the rules files (the comments say
how), or come from the repository's hand-worked fixtures."""

import json
from pathlib import Path

import pytest

import sowspec
from conftest import RULES

KALAH = RULES / "kalah.rules"


def test_load_from_path_pathlike_and_text():
    by_str = sowspec.Game.load(str(KALAH))
    by_path = sowspec.Game.load(KALAH)
    by_text = sowspec.Game.load(KALAH.read_text())
    assert by_str.name == by_path.name == "kalah"
    assert by_text.name == "rules"
    assert by_str.title == by_text.title == "Kalah"
    assert (by_str.rows, by_str.holes_per_row, by_str.num_actions) == (2, 6, 6)


def test_missing_file_is_an_os_error():
    with pytest.raises(OSError, match="no_such.rules"):
        sowspec.Game.load("rules/no_such.rules")


# Line 3 misspells `holes` as `holez` (column 5, after four spaces).
BROKEN = 'game "broken" {\n  board {\n    holez 6\n    rows 2\n  }\n}\n'


def test_rules_errors_carry_every_diagnostic_with_line_and_column():
    with pytest.raises(sowspec.RulesError) as caught:
        sowspec.Game.load(BROKEN)
    diags = caught.value.diagnostics
    assert len(diags) >= 1
    typo = [d for d in diags if d.line == 3]
    assert typo, [str(d) for d in diags]
    assert typo[0].column == 5
    assert "holez" in typo[0].rendered
    assert all(d.code.startswith("sowspec::") for d in diags)
    assert isinstance(caught.value, ValueError)


def test_initial_kalah_position():
    s = sowspec.Game.load(KALAH).initial()
    # Kalah(6,4): four seeds in each of six houses a side, South to move.
    assert s.board == [[4] * 6, [4] * 6]
    assert s.captured == {"south": 0, "north": 0}
    assert (s.to_move, s.result, s.is_over, s.round) == ("south", None, False, 1)
    assert s.legal_moves() == ["a", "b", "c", "d", "e", "f"]
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]


def test_play_returns_a_new_state():
    s = sowspec.Game.load(KALAH).initial()
    # c holds 4: d, e, f and South's store get one each; the last seed in
    # the store gives South another move.
    t = s.play("c")
    assert t.board == [[4, 4, 0, 5, 5, 5], [4] * 6]
    assert t.captured == {"south": 1, "north": 0}
    assert t.to_move == "south"
    assert s.board == [[4] * 6, [4] * 6], "the old state is unchanged"
    # Then d (5): e, f, store, N.a, N.b; North to move.
    u = t.play("d")
    assert u.board == [[4, 4, 0, 0, 6, 6], [5, 5, 4, 4, 4, 4]]
    assert u.to_move == "north"
    assert t.play_action(3) == u


def test_illegal_moves_raise_with_the_reason():
    t = sowspec.Game.load(KALAH).initial().play("c")
    with pytest.raises(sowspec.IllegalMoveError) as caught:
        t.play("c")
    assert caught.value.move == "c"
    assert "empty" in caught.value.reason
    with pytest.raises(sowspec.IllegalMoveError, match="not a move"):
        t.play("zz")
    with pytest.raises(sowspec.IllegalMoveError, match="direction"):
        t.play("a+")
    with pytest.raises(sowspec.IllegalMoveError, match="no such action"):
        t.play_action(6)


def test_chosen_directions_in_moves_and_actions():
    game = sowspec.Game.load(RULES / "bay_khom.rules")
    s = game.initial()
    assert game.chosen_direction
    h = game.move_holes
    assert game.num_actions == 2 * h
    for mv in s.legal_moves():
        assert mv[-1] in "+-"
        a = s.move_to_action(mv)
        assert s.action_to_move(a) == mv
        assert (a >= h) == mv.endswith("-")
        assert s.play(mv) == s.play_action(a)


def test_json_round_trip_and_position_errors():
    game = sowspec.Game.load(KALAH)
    t = game.initial().play("c").play("d")
    doc = t.to_json()
    assert game.state_from_json(doc) == t
    parsed = json.loads(doc)
    assert parsed["board"] == {"south": [4, 4, 0, 0, 6, 6], "north": [5, 5, 4, 4, 4, 4]}
    assert game.state_from_json(parsed) == t
    parsed["board"]["south"] = [4, 4, 0, 0, 6]
    with pytest.raises(sowspec.PositionError) as caught:
        game.state_from_json(parsed)
    assert [p.field for p in caught.value.problems] == ["board.south"]
    with pytest.raises(sowspec.PositionError) as caught:
        game.state_from_json("{")
    assert caught.value.problems[0].line == 1


def test_trace_cites_the_rules_lines():
    game = sowspec.Game.load(KALAH)
    lines = KALAH.read_text().splitlines()
    # From the hand-worked fixture kalah/hand-02-capture: S.a's one seed
    # lands in the empty S.b, opposite N.e's 5: both go to South's store.
    s = game.state_from_json(
        '{"to_move": "south", "board": {"south": [1, 0, 0, 0, 0, 2], "north": [1, 1, 1, 1, 5, 1]},'
        ' "captured": {"south": 17, "north": 18}, "closed": {"south": [], "north": []}, "round": 1}'
    )
    steps = s.trace("a")
    kinds = [st.kind for st in steps]
    assert kinds[:2] == ["lift", "drop"]
    captures = [st for st in steps if st.kind == "capture"]
    assert len(captures) == 2
    # A capture cites the rule that made it: the `on sowing_end` declaration.
    rule = "on sowing_end when landing in mover_row and count(landing) == 1"
    rule_line = next(i + 1 for i, text in enumerate(lines) if rule in text)
    assert [c.line for c in captures] == [rule_line, rule_line]
    assert captures[0].column == 3
    assert "N.e (5 seeds)" in captures[0].text
    assert captures[0].rule.startswith(rule)
    assert "kalah.rules:" in s.trace_text("a")
    with pytest.raises(sowspec.IllegalMoveError):
        s.trace("b")


def test_render_draws_the_board_as_sowspec_play():
    s = sowspec.Game.load(KALAH).initial()
    text = s.render()
    assert "South: 0  ← to move" in text
    assert str(s) == text
    # North's row runs right to left above South's.
    assert text.splitlines()[0].split()[:6] == ["f", "e", "d", "c", "b", "a"]


def test_states_are_immutable_and_hashable():
    import copy

    s = sowspec.Game.load(KALAH).initial()
    assert copy.deepcopy(s) == s
    assert len({s, s.play("a").play("b")} | {s}) == 2


def test_pickled_game_plays_the_same():
    import pickle

    game = sowspec.Game.load(KALAH, one_round=False)
    again = pickle.loads(pickle.dumps(game))
    assert again.name == "kalah"
    assert again.initial().play("c").board == game.initial().play("c").board


def test_observation_is_from_the_players_side():
    s = sowspec.Game.load(KALAH).initial().play("c").play("d")
    # South's row, North's row, captured South, North, South to move?
    assert s.observation("south") == [4, 4, 0, 0, 6, 6, 5, 5, 4, 4, 4, 4, 2, 0, 0]
    assert s.observation(1) == [5, 5, 4, 4, 4, 4, 4, 4, 0, 0, 6, 6, 0, 2, 1]
    with pytest.raises(ValueError):
        s.observation("east")
    assert len(s.observation(0)) == s.game.observation_size


# A 2×3 board whose rules remember the holes moved (a mark) and the seeds
# each player has lifted (a value per player). By hand, from 2 seeds each:
# South's `a` sows S.b 3, S.c 3 and marks S.a; South lifted 2.
MEMORY = """game "Memory" {
  board { rows 2; holes 3; stores none }
  setup { seeds 2 }
  memory {
    mark moved
    value sown per player
  }
  sowing { direction counterclockwise; first_seed next; origin sown }
  on sowing_end {
    set moved(origin)
    set sown(mover) to sown(mover) + lifted
  }
  moves { lift when count(origin) > 0 and not moved(origin); endless after 100 laps illegal }
  end { no_moves remaining to last_mover; winner most_captured }
}
"""


def test_memory_is_in_the_json_the_observation_and_the_board():
    s = sowspec.Game.load(MEMORY).initial().play("a")
    assert json.loads(s.to_json())["memory"] == {"moved": ["sa"], "sown": {"south": 2, "north": 0}}
    # North's side: its holes, South's, holdings, to move; then the mark on
    # North's holes, on South's; then North's value, South's.
    assert s.observation("north") == [2, 2, 2, 0, 3, 3, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2]
    assert len(s.observation(0)) == s.game.observation_size == 17
    assert "memory: moved S.a · sown South 2, North 0" in s.render()


# fixtures/tsoro_additional_capture/hand-02-last-hole-forced.yaml, worked by
# hand there: South's moves are a, and g with N.b or N.c chosen (the other
# hole is then the only one left, taken without a choice).
TSORO_AC = RULES / "tsoro_additional_capture.rules"
TSORO_AC_FROM = (
    '{"to_move": "south", "board": {"south": [2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0], '
    '"north": [2, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3]}, "captured": {"south": 7, "north": 12}, '
    '"closed": {"south": [], "north": []}, "round": 1}'
)


def test_moves_with_decisions_are_complete_moves():
    game = sowspec.Game.load(TSORO_AC)
    assert game.decides
    state = game.state_from_json(TSORO_AC_FROM)
    assert state.legal_moves() == ["a", "g/N.b", "g/N.c"]
    after = state.play("g/N.c")
    assert after.result == "south"
    with pytest.raises(sowspec.IllegalMoveError, match="N.b, N.c"):
        state.play("g")


def test_each_decision_is_an_action_of_the_same_player():
    # Four rows of 8: a player owns 16 holes (P = 16) and lifts from 16
    # (B = 16 actions); South's hole k is action 16 + k, North's 32 + k.
    from sowspec._actions import Actions

    game = sowspec.Game.load(TSORO_AC)
    actions = Actions(game)
    assert (actions.base, actions.per_player, actions.count) == (16, 16, 16 + 32 + 1)
    state = game.state_from_json(TSORO_AC_FROM)
    assert actions.legal(state, None) == [0, 6]  # a and g
    same, pending = actions.step(state, None, 6)
    assert (same.to_json(), pending) == (state.to_json(), "g")
    assert actions.legal(state, "g") == [33, 34]  # N.b, N.c
    assert actions.name(state, "g", 34) == "N.c"
    after, pending = actions.step(state, "g", 34)
    assert pending is None and after.result == "south"
    with pytest.raises(sowspec.IllegalMoveError):
        actions.step(state, "g", 35)  # N.d holds nothing


def test_the_adapters_play_rules_with_decisions():
    import pyspiel
    from pettingzoo.test import api_test

    from sowspec import openspiel, pettingzoo

    pyspiel.random_sim_test(openspiel.load_game(TSORO_AC), num_sims=3, serialize=True, verbose=False)
    api_test(pettingzoo.env(TSORO_AC), num_cycles=200)
