"""The house rules of issue 30, read from the source with `ast`: nothing of the product is imported.

- Size: no file under bot/, cogs/, render/, tests/, bench/ over 400 lines; no function (sync, async, nested,
  methods) over 60 lines, counted from its `def` line to its last line (decorators excluded).
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

from pathlib import Path

import pytest

from tests.support.house_rules import (
    DISCORD_WIRING,
    PACKAGES,
    SIZED,
    Module,
    cycle_problems,
    cycles,
    dependency_graph,
    layering_problems,
    load_modules,
    size_problems,
    sql_problems,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def product() -> dict[str, Module]:
    return load_modules(ROOT, PACKAGES)


def test_files_and_functions_are_short() -> None:
    problems = size_problems(load_modules(ROOT, SIZED))
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


def _tree(tmp_path: Path, files: dict[str, str], folders: tuple[str, ...] = PACKAGES) -> dict[str, Module]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return load_modules(tmp_path, folders)


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
            "tests/__init__.py": "",
            "tests/test_long.py": "async def test_scenario():\n" + _body(60, 4),
            "tests/support/fits.py": "def helper():\n" + _body(59, 4),
            "bench/big.py": "x = 1\n" * 401,
            "bench/load/fits.py": "x = 1\n" * 400,
        },
        SIZED,
    )
    problems = size_problems(modules)
    assert any("bot/long.py:1: outer is 61 lines" in p for p in problems)
    assert any("nested.py:1: outer is 61 lines" in p for p in problems)  # the nested inner is 60: allowed
    assert any("methods.py:2: method is 61 lines" in p for p in problems)
    assert any("render/big.py: 401 lines" in p for p in problems)
    assert any("tests/test_long.py:1: test_scenario is 61 lines" in p for p in problems)
    assert any("bench/big.py: 401 lines" in p for p in problems)
    assert len(problems) == 6  # the decorator line, a 60-line function and a 400-line file do not count


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
