"""The kinds of game the app keeps the score of: one pure engine each, no Django.

`yams/` is the rules engine of Yams and its variants (Yahtzee, Yatzy, six dice).
"""
