"""Shared paths of the sowspec Python tests: the repository's rules files,
fixtures and perft tables (the tests run from a checkout)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT / "rules"

# The rules files the adapters are checked on, one per kind of game.
ADAPTER_RULES = {
    "two_rows": "kalah.rules",
    "four_rows": "omweso.rules",
    "rounds_and_passes": "dakon.rules",
    "rounds": "raja_pasu.rules",
    "chosen_direction": "bay_khom.rules",
    "four_rows_chosen_direction": "bao_la_kujifunza.rules",
    "repetition": "oware_openspiel.rules",
    "drawn_start": "lisolo.rules",
}


@pytest.fixture(params=sorted(ADAPTER_RULES.items()), ids=lambda kv: kv[0])
def adapter_rules(request) -> Path:
    """Each rules file the adapters are checked on."""
    return RULES / request.param[1]
