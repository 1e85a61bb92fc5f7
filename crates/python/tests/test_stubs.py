"""The type stubs (`_sowspec.pyi`) name exactly what the native module has."""

import ast
import inspect
from pathlib import Path

import sowspec
from sowspec import _sowspec

STUBS = Path(sowspec.__file__).with_name("_sowspec.pyi")


def stubbed():
    tree = ast.parse(STUBS.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, ast.FunctionDef) or (isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name))
            }
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
    return names


def test_stubs_match_the_module():
    stubs = stubbed()
    public = {n for n in dir(_sowspec) if not n.startswith("_") and n != "DEFAULT_MAX_PLIES"}
    assert set(stubs) == public
    for name, members in stubs.items():
        if members is None:
            continue
        runtime = {m for m in vars(getattr(_sowspec, name)) if not m.startswith("_") or m in members}
        runtime = {m for m in runtime if not (m.startswith("__") and m not in members)}
        assert members == runtime, name


def test_py_typed_ships():
    assert STUBS.with_name("py.typed").is_file()
