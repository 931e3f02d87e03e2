"""What the benchmarks share, by what it does.

- `servers`: the app set up and served as production runs it (a throwaway
  database, the environment, migrations and static files, `python -m
  scorekeeper.serve` on a free loopback port, what its processes use), and the
  yardstick beside it. `tests/production/` starts its servers with it too.
- `clients`: the load over loopback: an aiohttp session, a GET loop, a host's
  phone entering planned moves, a lean keep-alive client for many watchers.
- `seeding`: games made through the models in the app's environment.
- `figures`: percentiles, staleness, CPU over a window, Markdown tables, the
  PASS/MISS verdict.

A benchmark run as a script (`python bench/NAME.py`) has bench/ on its path and
imports `from harness import servers`; the tests import `bench.harness.servers`.
The modules import one another relatively, so both work.
"""
