"""The checker of the house rules that tests/test_architecture.py states: it reads the source with `ast` and
imports none of it."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

#: The product's packages: every rule holds for them.
PACKAGES = ("bot", "cogs", "render")
#: The folders whose files and functions must be short: the product's, and the tests and benchmarks, which are
#: read and changed as often.
SIZED = (*PACKAGES, "tests", "bench")
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
