"""The house rules of issue 30, read from the source with `ast`: nothing of the product is imported.

- Size: no file under bot/, cogs/, render/ over 400 lines; no function (sync, async, nested, methods) over 60
  lines, counted from its `def` line to its last line (decorators excluded).
- Layering: the engine (bot/engine) imports nothing of discord, bot.service, bot.store, cogs, render; nothing
  under bot/ imports discord except the modules that wire the Discord client (`DISCORD_WIRING`); cogs never
  touch the database (bot.store, sqlite3, aiosqlite, asyncpg); render/ draws plain data and imports nothing of
  bot.computer, bot.analysis, bot.service, bot.store, cogs, discord.
- No import cycle among the modules of bot/, cogs/, render/. The graph has every import statement: module level,
  inside functions, and under `if TYPE_CHECKING:`. Those count (`CYCLES_COUNT_TYPE_CHECKING`): cogs typing the
  bot class close no cycle (bot/app.py loads the cogs by name, not by import), and the cycles such imports close
  today, cogs typing another cog's class, can be avoided. Relative imports are resolved, and `from package import
  name` depends on `package.name` when that is a module. Importing `a.b.c` runs `a` and `a.b` first, so it
  depends on those packages too, except the importer's own enclosing packages: Python has run (or is running)
  them before the importer, so that edge adds no order.

The last tests run the checker on small fake trees, so none of the rules can pass by checking nothing.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "cogs", "render")
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60
#: The modules under bot/ whose job is to wire the Discord client: the bot class and the entry point.
DISCORD_WIRING = frozenset({"bot.app", "bot.__main__"})
#: Whether imports under `if TYPE_CHECKING:` count for cycles. They do: every cycle they close today (cogs typing
#: another cog's class) can be avoided; turn this off only for one that cannot, and say which.
CYCLES_COUNT_TYPE_CHECKING = True
#: (modules whose name starts with this, imports they must not make, why)
FORBIDDEN = (
    ("bot.engine", ("discord", "bot.service", "bot.store", "cogs", "render"), "the engine is pure rules"),
    (
        "cogs",
        ("bot.store", "bot.ratings.store", "sqlite3", "aiosqlite", "asyncpg"),
        "cogs go through the services, never the database",
    ),
    (
        "render",
        ("bot.computer", "bot.analysis", "bot.service", "bot.store", "cogs", "discord"),
        "render draws plain data",
    ),
)


@dataclass(frozen=True, slots=True)
class Module:
    name: str  # dotted: "bot.engine.game"; a package is its __init__: "bot.engine"
    path: Path
    is_package: bool
    tree: ast.Module
    line_count: int


@dataclass(frozen=True, slots=True)
class Import:
    importer: str
    target: str  # the absolute module (or name's module) imported
    line: int
    type_checking: bool  # under `if TYPE_CHECKING:`


def load_modules(root: Path, packages: Iterable[str]) -> dict[str, Module]:
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            text = path.read_text(encoding="utf-8")
            name = ".".join(parts)
            where = path.relative_to(root)  # problems name files as the project does
            modules[name] = Module(name, where, is_package, ast.parse(text, str(where)), len(text.splitlines()))
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(
    nodes: Iterable[ast.AST], type_checking: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in `nodes` and below, with whether it sits under `if TYPE_CHECKING:`."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, type_checking
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from _statements(node.body, True)
            yield from _statements(node.orelse, type_checking)
        else:
            yield from _statements(ast.iter_child_nodes(node), type_checking)


def _base(module: Module, statement: ast.ImportFrom) -> str:
    """The absolute module a `from ... import` names, relative levels resolved."""
    if not statement.level:
        return statement.module or ""
    package = module.name.split(".") if module.is_package else module.name.split(".")[:-1]
    package = package[: len(package) - (statement.level - 1)]
    return ".".join([*package, *([statement.module] if statement.module else [])])


def imports_of(module: Module, known: Iterable[str]) -> list[Import]:
    """What `module` imports: each statement's modules, `from package import submodule` as the submodule."""
    known = set(known)
    found = []
    for statement, type_checking in _statements([module.tree]):
        if isinstance(statement, ast.Import):
            targets = [alias.name for alias in statement.names]
        else:
            base = _base(module, statement)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in statement.names]
        found += [Import(module.name, target, statement.lineno, type_checking) for target in dict.fromkeys(targets)]
    return found


def _imports(imported: str, forbidden: str) -> bool:
    return imported == forbidden or imported.startswith(forbidden + ".")


def size_problems(modules: dict[str, Module]) -> list[str]:
    problems = []
    for module in modules.values():
        where = module.path.as_posix()
        if module.line_count > MAX_FILE_LINES:
            problems.append(f"{where}: {module.line_count} lines (at most {MAX_FILE_LINES})")
        for node in ast.walk(module.tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                length = node.end_lineno - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    problems.append(f"{where}:{node.lineno}: {node.name} is {length} lines (at most 60)")
    return problems


def layering_problems(modules: dict[str, Module]) -> list[str]:
    problems = []
    for module in modules.values():
        for imported in imports_of(module, modules):
            where = f"{module.path.as_posix()}:{imported.line}: {module.name} imports {imported.target}"
            for layer, forbidden, why in FORBIDDEN:
                if _imports(module.name, layer) and any(_imports(imported.target, f) for f in forbidden):
                    problems.append(f"{where} ({why})")
            if (
                _imports(module.name, "bot")
                and module.name not in DISCORD_WIRING
                and _imports(imported.target, "discord")
            ):
                problems.append(f"{where} (only {', '.join(sorted(DISCORD_WIRING))} wire Discord)")
        if _imports(module.name, "cogs"):
            problems += [
                f"{module.path.as_posix()}:{node.lineno}: {module.name} uses a database handle (.db): ask a service"
                for node in ast.walk(module.tree)
                if isinstance(node, ast.Attribute) and node.attr == "db"
            ]
    return problems


def dependency_graph(
    modules: dict[str, Module], *, type_checking: bool = CYCLES_COUNT_TYPE_CHECKING
) -> dict[str, dict[str, Import]]:
    """importer -> {imported module of the tree -> the first import that makes the dependency}."""
    graph: dict[str, dict[str, Import]] = {name: {} for name in modules}
    for module in modules.values():
        own_packages = {module.name.rsplit(".", depth)[0] for depth in range(1, module.name.count(".") + 1)}
        for imported in imports_of(module, modules):
            if imported.type_checking and not type_checking:
                continue
            parts = imported.target.split(".")
            packages = {".".join(parts[:i]) for i in range(1, len(parts))} - own_packages
            for target in [*sorted(packages), imported.target]:
                if target in modules and target != module.name:
                    graph[module.name].setdefault(target, imported)
    return graph


def cycles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def describe_cycle(component: list[str], graph: dict[str, dict[str, Import]]) -> str:
    """A component: one loop through it, then every import between its modules (all of them take part)."""
    members = set(component)
    path, node = [component[0]], component[0]
    while True:  # walk inside the component until a module repeats: that is a loop
        node = next(target for target in sorted(graph[node]) if target in members)
        if node in path:
            loop = [*path[path.index(node) :], node]
            break
        path.append(node)

    def step(importer: str, target: str) -> str:
        imported = graph[importer][target]
        note = " (TYPE_CHECKING)" if imported.type_checking else ""
        return f"  {importer} -> {target}: line {imported.line} imports {imported.target}{note}"

    inside = [
        step(importer, target) for importer in component for target in sorted(graph[importer]) if target in members
    ]
    return "\n".join([f"cycle among {', '.join(component)}: {' -> '.join(loop)}", "imports between them:", *inside])


#: The start of an SQL statement in a string: only the store modules hold them.
_SQL = re.compile(r"^\s*(SELECT\s|INSERT INTO\s|UPDATE \w+ SET\s|DELETE FROM\s|CREATE (TABLE|INDEX)\s|ALTER TABLE\s)")


def is_store_module(name: str) -> bool:
    """bot/store/ and a feature's own store module (`bot.ratings.store`, `bot.ratings.rebuild_store` ...)."""
    last = name.rsplit(".", 1)[-1]
    return _imports(name, "bot.store") or last == "store" or last.endswith("_store")


def sql_problems(modules: dict[str, Module]) -> list[str]:
    """SQL statements written anywhere but in a store module."""
    return [
        f"{module.path.as_posix()}:{node.lineno}: SQL outside the store modules: {node.value.strip()[:40]!r}"
        for module in modules.values()
        if not is_store_module(module.name)
        for node in ast.walk(module.tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _SQL.match(node.value)
    ]


def cycle_problems(modules: dict[str, Module]) -> list[str]:
    graph = dependency_graph(modules)
    return [describe_cycle(component, graph) for component in cycles(graph)]


@pytest.fixture(scope="module")
def product() -> dict[str, Module]:
    return load_modules(ROOT, PACKAGES)


def test_files_and_functions_are_short(product: dict[str, Module]) -> None:
    problems = size_problems(product)
    assert not problems, "\n".join(problems)


def test_layers_import_only_what_they_may(product: dict[str, Module]) -> None:
    problems = layering_problems(product)
    assert not problems, "\n".join(problems)


def test_the_discord_wiring_modules_exist(product: dict[str, Module]) -> None:
    assert set(product) >= DISCORD_WIRING  # a renamed module must be renamed here, not silently exempted


def test_sql_lives_in_the_store_modules_only(product: dict[str, Module]) -> None:
    problems = sql_problems(product)
    assert not problems, "\n".join(problems)


def test_no_import_cycles(product: dict[str, Module]) -> None:
    problems = cycle_problems(product)
    assert not problems, "\n".join(problems)


# --- the checker itself, on fake trees --------------------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Module]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return load_modules(tmp_path, PACKAGES)


def _body(count: int, indent: int) -> str:
    return "".join(f"{' ' * indent}x{i} = {i}\n" for i in range(count))


def test_the_checker_finds_long_files_and_long_functions_of_every_kind(tmp_path: Path) -> None:
    modules = _tree(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/ok.py": "@decorator\ndef fits():\n" + _body(59, 4),  # 60 lines from `def`: allowed
            "bot/long.py": "async def outer():\n" + _body(60, 4),
            "bot/nested.py": "def outer():\n    def inner():\n" + _body(59, 8),
            "bot/methods.py": "class C:\n    def method(self):\n" + _body(60, 8),
            "render/__init__.py": "",
            "render/big.py": "x = 1\n" * 401,
            "render/fits.py": "x = 1\n" * 400,
        },
    )
    problems = size_problems(modules)
    assert any("long.py:1: outer is 61 lines" in p for p in problems)
    assert any("nested.py:1: outer is 61 lines" in p for p in problems)  # the nested inner is 60: allowed
    assert any("methods.py:2: method is 61 lines" in p for p in problems)
    assert any("render/big.py: 401 lines" in p for p in problems)
    assert len(problems) == 4  # the decorator line and a 400-line file do not count


def test_the_checker_finds_forbidden_imports_however_written(tmp_path: Path) -> None:
    modules = _tree(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/app.py": "import discord\n",
            "bot/store/__init__.py": "",
            "bot/store/matches.py": "",
            "bot/engine/__init__.py": "",
            "bot/engine/game.py": "def f():\n    from ..store import matches\n",
            "bot/service.py": "import typing\nif typing.TYPE_CHECKING:\n    from discord.ext import commands\n",
            "cogs/__init__.py": "",
            "cogs/bg.py": "from bot import store\nimport aiosqlite\n",
            "cogs/ladder.py": "async def f(bot):\n    return await page(bot.service.db)\n",
            "render/__init__.py": "",
            "render/picture.py": "from bot.engine import game\n",
            "render/analysis.py": "import bot.analysis.result\n",
        },
    )
    problems = layering_problems(modules)
    assert any("bot.engine.game imports bot.store.matches" in p for p in problems)  # relative, in a function
    assert any("bot.service imports discord.ext" in p for p in problems)  # under TYPE_CHECKING
    assert any("cogs.bg imports bot.store " in p for p in problems)  # `from bot import store`: the package
    assert any("cogs.bg imports aiosqlite" in p for p in problems)
    assert any("render.analysis imports bot.analysis.result" in p for p in problems)
    assert any("cogs.ladder uses a database handle" in p for p in problems)
    assert not any("bot.app imports" in p or "render.picture imports" in p for p in problems)
    assert len(problems) == 6


def test_the_checker_finds_cycles_through_packages_submodules_and_type_checking(tmp_path: Path) -> None:
    modules = _tree(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/a.py": "from bot.b import thing\n",
            "bot/b.py": "def f():\n    from . import a\n",  # a cycle a <-> b, one side inside a function
            "bot/pkg/__init__.py": "from bot.pkg.inner import x\n",  # a package re-exporting its module: fine
            "bot/pkg/inner.py": "from bot.pkg import sibling\nimport bot.other\n",
            "bot/pkg/sibling.py": "",
            "bot/other.py": "import bot.pkg.sibling\n",  # runs bot.pkg, which runs bot.pkg.inner -> bot.other
            "cogs/__init__.py": "",
            "cogs/x.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cogs.y import Y\n",
            "cogs/y.py": "from cogs import x\n",
            "render/__init__.py": "",
        },
    )
    graph = dependency_graph(modules)
    assert "bot.pkg" not in graph["bot.pkg.inner"]  # its own package: no edge
    assert "bot.pkg" in graph["bot.other"]  # someone else's package: an edge
    found = cycles(graph)
    assert found == [["bot.a", "bot.b"], ["bot.other", "bot.pkg", "bot.pkg.inner"], ["cogs.x", "cogs.y"]]
    assert ["cogs.x", "cogs.y"] not in cycles(dependency_graph(modules, type_checking=False))
    problems = cycle_problems(modules)
    assert len(problems) == 3
    assert "cogs.x -> cogs.y: line 3 imports cogs.y (TYPE_CHECKING)" in problems[2]
    assert "bot.b -> bot.a: line 2 imports bot.a" in problems[0]


def test_the_checker_finds_sql_outside_the_store_modules(tmp_path: Path) -> None:
    modules = _tree(
        tmp_path,
        {
            "bot/__init__.py": "",
            "bot/app.py": 'ROW = "SELECT value FROM meta WHERE key = ?"\n',
            "bot/store/__init__.py": "",
            "bot/store/meta.py": 'ROW = "SELECT value FROM meta WHERE key = ?"\n',
            "bot/ratings/__init__.py": "",
            "bot/ratings/rebuild_store.py": 'GONE = """\n    DELETE FROM ratings\n"""\n',
            "bot/ratings/rebuild.py": 'GONE = """\n    DELETE FROM ratings\n"""\n"""Delete what is gone."""\n',
        },
    )
    problems = sql_problems(modules)
    assert [p.split(":")[0] for p in problems] == ["bot/app.py", "bot/ratings/rebuild.py"], problems
