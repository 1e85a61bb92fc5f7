"""Rules files as PettingZoo AEC environments: PettingZoo's own API test,
the rendering, rewards and masks."""

import numpy as np
from pettingzoo.test import api_test

from conftest import RULES
from sowspec.pettingzoo import env, raw_env


def test_pettingzoos_api_test_passes(adapter_rules):
    api_test(env(adapter_rules), num_cycles=200)


def test_raw_env_passes_too():
    api_test(raw_env(RULES / "kalah.rules"), num_cycles=100)


def test_ansi_render_is_the_board_of_sowspec_play():
    e = env(RULES / "kalah.rules", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text.splitlines()[1] == "  N  |  4|  4|  4|  4|  4|  4|"
    assert text.splitlines()[4].endswith("South: 0  ← to move")
    e.step(2)  # c: d, e, f, store; South moves again
    assert e.agent_selection == "south"
    assert e.render().splitlines()[3] == "  S  |  4|  4|  0|  5|  5|  5|"


def test_masks_and_a_whole_game():
    e = env(RULES / "kalah.rules")
    e.reset(seed=0)
    obs, reward, term, trunc, _ = e.last()
    assert list(obs["action_mask"]) == [1] * 6
    assert list(e.observe("north")["action_mask"]) == [0] * 6
    rng = np.random.default_rng(5)
    totals = {"south": 0.0, "north": 0.0}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    # A game of Kalah always ends: one winner (+1, -1) or a draw (0, 0).
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_illegal_action_ends_the_game_against_its_player():
    e = env(RULES / "kalah.rules")
    e.reset()
    e.step(2)  # South again, S.c now empty
    e.step(2)  # PettingZoo logs the illegal move
    assert e.terminations["south"] and e.rewards["south"] == -1


def test_truncation_at_the_ply_limit():
    e = env(RULES / "oware.rules", max_plies=3)
    e.reset()
    for _ in range(3):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert all(e.truncations.values())
