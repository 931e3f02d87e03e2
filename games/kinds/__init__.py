"""The kinds of game the app keeps the score of: one pure engine each, no Django.

`yams/` is the rules engine of Yams and its variants (Yahtzee, Yatzy, six dice),
scored by boxes. `skyjo/`, `tarot/` and `tally/` (the free counter) are scored by
rounds and share rounds.py; messages.py gives every kind the same `Message`,
`RuleError` and `InvalidEntry`, translated by the Django layer.

The round-based kinds have one interface (`RoundRules` and `RoundsGame`, in
rounds.py); each sub-package gives `KEY`, `OPTION_SPECS`, its rules class,
`build_rules(options)` and `preview(game, entry)`:

Options. `build_rules(options)` gives the rules (missing options at their
default) or `RuleError` for an unknown option or a value it does not take;
`rules.options` gives them back normalized (`build_rules(rules.options) ==
rules`); `OPTION_SPECS` says how the create form shows each one (`OptionSpec`).

Players. `rules.start(players)` (seating order, objects with `pk`, `seat`,
`name`: `PlayerLike`) gives a game with no round, or `RuleError` when the kind is
not played by that many (`min_players`, `max_players`).

One entry. A round is a JSON dict (`EntryData`) naming players by pk, e.g.
{"cards": {"3": 12, ...}, "finisher": 3} at Skyjo. `game.check(entry)` gives the
`Round`: the entry in its normal form (what the web layer stores), the `points`
it gives every player (by pk), its `calculation` (`Message`s) and the kind's
`detail`; or `InvalidRound` (an `InvalidEntry`, `field` naming what is wrong), or
`RoundRefused` ("finished") once the game is over.

Moves. `game.play(entry)` and `game.undo()` (drop the last round; `RoundRefused`
"nothing_to_undo" on a game without one) give a new game, the old one untouched;
`rules.replay(players, entries, closed)` folds stored entries; `closed` says the
host ended the game. `preview(game, entry)` (or `game.preview`) is what the
dialog shows before validating: the `Round`, the totals before and after and
whether the round would end the game.

Running totals. `game.totals` ({pk: total}, the sums of the rounds) and
`game.running_totals` (the totals after each round).

Turns. `game.dealer` is who deals the next round (tarot: seat order from the
first name, a passed deal counting as one; None for the other kinds);
`game.number` is the number of the round to come.

End. `game.finished`: the host closed it, or the kind's own end is reached (a
Skyjo total at the limit; a number of tarot deals; the counter's target or
number of rounds).

Ranking. `game.ranking()` is [`Standing`(rank, player, total)], best first
(`rules.lower_wins` at Skyjo and for a counter set so), seating order among
equals, who share a rank: 1, 1, 3. `game.winners()` is every player ranked first.
"""
