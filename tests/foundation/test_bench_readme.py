"""bench/README.md is the benchmarks' index: every module of bench/ is named in it
(a benchmark with its target and latest figure, a harness module with its job),
and it stays short enough to read, the history going to bench/CHANGELOG.md."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"
README = BENCH / "README.md"


def test_every_bench_module_is_named_in_the_readme():
    readme = README.read_text()
    modules = sorted(BENCH.glob("*.py")) + sorted(BENCH.glob("harness/*.py"))
    assert modules, "bench/ holds no module"
    missing = [
        str(path.relative_to(BENCH))
        for path in modules
        if path.name != "__init__.py" and f"`{path.relative_to(BENCH)}`" not in readme
    ]
    assert missing == []


def test_the_bench_readme_stays_under_250_lines_and_its_history_has_a_changelog():
    assert len(README.read_text().splitlines()) <= 250
    assert (BENCH / "CHANGELOG.md").exists()
