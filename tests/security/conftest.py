import sys


def pytest_terminal_summary(terminalreporter):
    """The fuzz test's closing figures, when it ran (tests/security/test_fuzz.py)."""
    fuzz = sys.modules.get("tests.security.test_fuzz")
    if fuzz is not None and fuzz.FIGURES["requests"]:
        terminalreporter.write_sep("-", "fuzz figures")
        terminalreporter.write_line(fuzz.summary())
