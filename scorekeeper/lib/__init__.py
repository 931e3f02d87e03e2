"""Small helpers every app uses: capability tokens and the refusals of their
links, player names, numbers read from a request, rate limits, the batched purge
and CSV files for spreadsheets. They import nothing of the apps, so any app can
import them without a loop."""
