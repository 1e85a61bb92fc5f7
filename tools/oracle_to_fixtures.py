#!/usr/bin/env python3
"""Convert the steering team's oracle games (tests/data/oracle/*.jsonl, one
game per line, from an independent implementation) into sowspec fixtures:
one YAML file per game under fixtures/<game>/, every ply expected.

Pure data conversion: no engine is run, so the fixtures stay independent
evidence. Re-run after the oracle data changes:

    python3 tools/oracle_to_fixtures.py
"""
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORACLE = ROOT / "tests" / "data" / "oracle"
RULES = {"raja_pasu": "raja_pasu", "sadeqa3": "sadeqa3", "sadeqa3_4": "sadeqa3_4seed"}
FIELDS = ["to_move", "board", "captured", "closed", "round", "legal", "result"]


def flow(value):
    return json.dumps(value, separators=(", ", ": "))


def write(game, stem, source, clauses=None, note=None):
    rules = RULES[game["game"]]
    folder = ROOT / "fixtures" / rules
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"rules: {flow('../../rules/' + rules + '.rules')}", f"source: {flow(source)}"]
    if clauses:
        lines.append(f"clauses: {flow(clauses)}")
    if game["one_round"]:
        lines.append("one_round: true")
    if game["from"] is not None:
        start = {k: game["from"][k] for k in FIELDS if k in game["from"]}
        lines.append(f"from: {flow(start)}")
    lines.append("moves: [" + ", ".join(game["moves"]) + "]")
    final = game["positions"][-1]["result"]
    if final is not None:
        lines.append(f"result: {final['winner']}")
    lines.append("expect:")
    for ply, pos in enumerate(game["positions"]):
        entry = {"ply": ply, **{k: pos[k] for k in FIELDS}}
        lines.append(f"  - {flow(entry)}")
    header = f"# {note}\n" if note else ""
    (folder / f"{stem}.yaml").write_text(header + "\n".join(lines) + "\n")


def main():
    kinds = {
        "raja_pasu_round.jsonl": "oracle-round",
        "raja_pasu_match.jsonl": "oracle-match",
        "sadeqa3.jsonl": "oracle-game",
        "sadeqa3_4.jsonl": "oracle-game",
    }
    for name, stem in kinds.items():
        for i, line in enumerate((ORACLE / name).read_text().splitlines(), 1):
            game = json.loads(line)
            source = f"independent oracle: shared/games/{name} line {i} (uniform random play)"
            write(game, f"{stem}-{i:02}", source)
    for i, line in enumerate((ORACLE / "edge_cases.jsonl").read_text().splitlines(), 1):
        game = json.loads(line)
        clauses = game["clause"].split()
        source = f"independent oracle: shared/games/edge_cases.jsonl line {i}"
        slug = clauses[0].lower()
        write(game, f"edge-{i:02}-{slug}", source, clauses, game.get("note"))


if __name__ == "__main__":
    main()
