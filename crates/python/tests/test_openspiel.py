"""Rules files as OpenSpiel games: OpenSpiel's own conformance checks for
Python games, agreement move for move with OpenSpiel's native `mancala`
and `oware`, and OpenSpiel's MCTS beating its random player."""

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from conftest import RULES
from sowspec.openspiel import SHORT_NAME, load_game


# Games of hundreds of moves (matches of rounds, Lisolo) are checked without
# serialization: a state serializes as its actions, and the check
# deserializes every state of the game, replaying all the moves before it.
LONG_GAMES = {"raja_pasu.rules", "dakon.rules", "lisolo.rules"}


def test_random_simulations_pass_openspiels_checks(adapter_rules):
    """`pyspiel.random_sim_test` plays games checking the API's invariants
    (legal actions, returns, cloning, observations, serialization)."""
    game = load_game(adapter_rules)
    serialize = adapter_rules.name not in LONG_GAMES
    pyspiel.random_sim_test(game, num_sims=3 if serialize else 2, serialize=serialize, verbose=False)


def test_the_game_loads_by_name_and_its_encoding_is_the_documented_one():
    game = pyspiel.load_game(SHORT_NAME, {"rules": str(RULES / "bay_khom.rules")})
    assert game.num_distinct_actions() == 2 * game.rules.move_holes
    state = game.new_initial_state()
    h = game.rules.move_holes
    for a in state.legal_actions():
        text = state.action_to_string(state.current_player(), a)
        assert text == "abcdefghijklmnop"[a % h] + ("-" if a >= h else "+")
    assert game.max_game_length() == 1000
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_states_pickle_and_clone_with_their_history():
    game = load_game(RULES / "oware_openspiel.rules")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert str(again) == str(state)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1


def test_observations_from_each_side():
    game = load_game(RULES / "kalah.rules")
    state = game.new_initial_state()
    state.apply_action(2)  # c: d, e, f, store; South again
    assert state.observation_tensor(0) == [4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4, 1, 0, 1]
    assert state.observation_tensor(1) == [4, 4, 4, 4, 4, 4, 4, 4, 0, 5, 5, 5, 0, 1, 0]
    assert state.information_state_string(0) == "2"
    assert "← to move" in state.observation_string(0)


# OpenSpiel's mancala numbers its 14 pits: 0 North's store, 1-6 South's
# houses a-f, 7 South's store, 8-13 North's houses a-f (sowing runs up the
# numbers); an action is a pit. Its oware numbers each player's houses 0-5
# from their own a, and its observation is South's a-f, North's a-f, then
# the scores, divided by the 48 seeds.
def native_mancala_action(action, player):
    return action + (1 if player == 0 else 8)


def mancala_board(native):
    t = [round(x) for x in native.observation_tensor(0)]
    return [t[1:7], t[8:14]], {"south": t[7], "north": t[0]}


def oware_board(native):
    t = [round(48 * x) for x in native.observation_tensor(0)]
    return [t[0:6], t[6:12]], {"south": t[12], "north": t[13]}


@pytest.mark.parametrize(
    "rules,native_name,to_native,board_of",
    [
        ("kalah_openspiel.rules", "mancala", native_mancala_action, mancala_board),
        ("oware_openspiel.rules", "oware", lambda a, p: a, oware_board),
    ],
)
def test_agrees_with_openspiels_native_game_move_for_move(rules, native_name, to_native, board_of):
    ours_game = load_game(RULES / rules)
    native_game = pyspiel.load_game(native_name)
    rng = random.Random(20261206)
    games, moves, stopped = 1000, 0, 0
    for _ in range(games):
        ours, native = ours_game.new_initial_state(), native_game.new_initial_state()
        while True:
            assert ours.is_terminal() == native.is_terminal(), ours.history()
            if ours.is_terminal():
                break
            player = ours.current_player()
            assert player == native.current_player(), ours.history()
            assert sorted(to_native(a, player) for a in ours.legal_actions()) == native.legal_actions()
            board, captured = board_of(native)
            assert (ours.position.board, ours.position.captured) == (board, captured), ours.history()
            action = rng.choice(ours.legal_actions())
            ours.apply_action(action)
            native.apply_action(to_native(action, player))
            moves += 1
        if ours.position.result is None:
            stopped += 1  # stopped at 1000 moves: OpenSpiel then scores the seeds held
        else:
            assert ours.returns() == native.returns(), ours.history()
    assert moves > 20 * games
    assert stopped < games // 100


def test_mcts_beats_the_random_player():
    """MCTS (random rollouts) against OpenSpiel's uniform random bot, each
    side in turn, seeded: it wins most games."""
    game = load_game(RULES / "kalah.rules")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    wins, games = 0, 6
    for g in range(games):
        seat = g % 2
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=40, evaluator=evaluator, random_state=rng)
        bots = [None, None]
        bots[seat] = bot
        bots[1 - seat] = UniformRandomBot(1 - seat, rng)
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        wins += returns[seat] > 0
    assert wins >= 5, f"MCTS won {wins} of {games}"
