"""A pytest plugin for tests/deploy/test_dev_loop.py: after collection (and the
`-m` selection), prints each selected test that opens a browser, so a Playwright
test without the `browser` marker shows up in `make test-fast`'s selection."""

import pytest

# The fixtures that start Chromium (tests/conftest.py); `phone` and `new_phone`
# depend on them, so their tests list them too.
BROWSER_FIXTURES = {"playwright_instance", "browser"}
PREFIX = "OPENS A BROWSER: "


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    for item in session.items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            print(PREFIX + item.nodeid)
