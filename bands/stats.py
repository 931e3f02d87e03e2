"""A band's statistics, computed from its history rows.

Pure Python (no Django): the band page loads plain rows in a constant number of
queries and hands them here, so the same code is tested table-driven.

A person is identified by a key (accent- and case-insensitive, computed by the
caller); `aliases` maps keys merged by the host onto the key they were merged into
(flat: a target is never itself a source).

A band plays several kinds of game: a win is a win whatever the game, and who
finished ahead of whom is read from the ranks, so wins, rivals and head-to-heads
hold across kinds; scores only compare within one kind won the same way (highest
or lowest total), so records, bests and averages come per kind. This module knows
no kind: each result comes with its `ResultKind`, the words and figures its game
handed over when it ended.
"""

import datetime
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class ScoreRow:
    name: str
    key: str
    seat: int
    score: int
    rank: int
    won: bool
    # Yams made in that game; None for a game recorded before Yams were counted.
    yams: int | None = None
    # What the player's kind of game counts besides the score, by detail key
    # (the keys its `ResultKind.columns` name); None when it counts nothing.
    details: Mapping[str, int] | None = None


# How a column sums a detail over a player's games.
SUM = "sum"  # the total
LOWEST = "lowest"  # the lowest value (shown "–" without one)
PERCENT = "percent"  # the total of `key` per total of `of`, as a percentage
AVERAGE = "average"  # not a detail: the player's average score
HOWS = (SUM, LOWEST, PERCENT, AVERAGE)


@dataclass(frozen=True)
class DetailColumn:
    """One column of a kind's table of players, as the kind names it: `label`
    heads it, `title` says what it stands for (French source strings)."""

    key: str
    label: str
    title: str
    how: str = SUM
    of: str = ""  # PERCENT: the detail `key` is a share of

    def as_json(self) -> dict[str, str]:
        data = {
            "key": self.key,
            "label": self.label,
            "title": self.title,
            "how": self.how,
        }
        return data | ({"of": self.of} if self.of else {})

    @classmethod
    def from_json(cls, data: Mapping[str, str]) -> "DetailColumn":
        return cls(
            key=data["key"],
            label=data["label"],
            title=data["title"],
            how=data.get("how", SUM),
            of=data.get("of", ""),
        )


@dataclass(frozen=True)
class ResultKind:
    """The kind of game a result is, in the words its game handed over when it
    ended (the band knows no kind by itself, and files a result under the key
    it is told, whatever it is)."""

    key: str
    name: str  # French source string
    # Its way of winning is an option of each game (highest or lowest total):
    # the page says which way a game was won.
    either_way: bool = False
    # Its players make Yams: the records count them.
    counts_yams: bool = False
    # The columns of its table of players, from the scores' details; none: the
    # win rate, the best score and the average.
    columns: tuple[DetailColumn, ...] = ()
    note: str = ""  # French source string: what the columns count


@dataclass(frozen=True)
class GameRow:
    game_id: int
    played_at: datetime.datetime  # or anything that orders like one (tests: ints)
    kind: ResultKind
    label: str  # the variant's French label; "" for a kind without variants
    scores: tuple[ScoreRow, ...]
    lower_wins: bool = False  # the lowest total won
    started_at: datetime.datetime | None = None  # None: unknown


@dataclass(frozen=True)
class Rival:
    key: str
    name: str
    times: int


@dataclass
class PersonStats:
    """A person over all the band's games. `best` and `total` (so `average`) are
    of the band's one kind of game: None and 0 when it plays several, since the
    scores of two kinds do not compare (each kind's `Records.players` has them)."""

    key: str
    name: str
    played: int = 0
    wins: int = 0
    best: int | None = None
    total: int = 0
    rival: Rival | None = None
    spellings: list[str] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0.0 to 1.0."""
        return self.wins / self.played if self.played else 0.0

    @property
    def win_percent(self) -> int:
        """The win rate as a whole percentage, rounded half up."""
        if not self.played:
            return 0
        return (200 * self.wins + self.played) // (2 * self.played)

    @property
    def average(self) -> float:
        return self.total / self.played if self.played else 0.0


@dataclass(frozen=True)
class HistoryScore:
    key: str
    name: str
    seat: int
    score: int
    rank: int
    won: bool
    yams: int | None = None
    details: Mapping[str, int] | None = None


@dataclass(frozen=True)
class HistoryGame:
    game_id: int
    played_at: datetime.datetime
    kind: ResultKind
    label: str
    scores: tuple[HistoryScore, ...]  # best first
    lower_wins: bool = False
    started_at: datetime.datetime | None = None  # None: unknown

    @property
    def began(self) -> datetime.datetime:
        """When it began; its end when that is unknown."""
        return self.started_at if self.started_at is not None else self.played_at

    @property
    def says_lowest(self) -> bool:
        """Won by the lowest total, where the kind can be won either way."""
        return self.lower_wins and self.kind.either_way

    @property
    def winners(self) -> list[HistoryScore]:
        return [s for s in self.scores if s.won]


@dataclass(frozen=True)
class BandStats:
    people: list[PersonStats]  # best first
    leaders: list[PersonStats]  # who wins most (several on a tie)
    history: list[HistoryGame]  # most recent first
    records: list["Records"] = field(default_factory=list)  # one per kind of game

    @property
    def games_played(self) -> int:
        return len(self.history)

    @property
    def several_kinds(self) -> bool:
        """The band plays games whose scores do not compare (two kinds, or a
        counter won by the highest total and one won by the lowest)."""
        return len(self.records) > 1


def resolve(key: str, aliases: Mapping[str, str]) -> str:
    return aliases.get(key, key)


def history(
    games: Iterable[GameRow], aliases: Mapping[str, str] | None = None
) -> list[HistoryGame]:
    """Games most recent first, each with its scores best first and merged keys."""
    aliases = aliases or {}
    rows = []
    for game in games:
        scores = tuple(
            HistoryScore(
                key=resolve(s.key, aliases),
                name=s.name,
                seat=s.seat,
                score=s.score,
                rank=s.rank,
                won=s.won,
                yams=s.yams,
                details=s.details,
            )
            for s in sorted(game.scores, key=lambda s: (s.rank, s.seat))
        )
        rows.append(
            HistoryGame(
                game_id=game.game_id,
                played_at=game.played_at,
                kind=game.kind,
                label=game.label,
                scores=scores,
                lower_wins=game.lower_wins,
                started_at=game.started_at,
            )
        )
    rows.sort(key=lambda g: (g.played_at, g.game_id), reverse=True)
    return rows


def _one_score_per_person(game: HistoryGame) -> list[HistoryScore]:
    """A person appears once per game; if a merge put two rows under one key
    (it should not: merging people who played together is refused), the best
    row stands for them."""
    best: dict[str, HistoryScore] = {}
    for score in game.scores:
        kept = best.get(score.key)
        if kept is None or (score.rank, score.seat) < (kept.rank, kept.seat):
            best[score.key] = score
    return list(best.values())


def compute(
    games: Iterable[GameRow],
    aliases: Mapping[str, str] | None = None,
    pair: tuple[str, str] | None = None,
) -> BandStats:
    """Statistics per person, the history and the records (per kind of game, as
    each row tells it; the head-to-head of `pair`, two keys, when both played
    that kind), from GameRow objects."""
    games_by_recency = history(games, aliases)
    people: dict[str, PersonStats] = {}
    # key -> Counter(rival key -> times)
    beaten_by: defaultdict[str, Counter[str]] = defaultdict(Counter)
    # (key, rival key) -> index of the game, oldest first
    last_beaten: dict[tuple[str, str], int] = {}
    latest_name: dict[str, str] = {}
    # key -> Counter(spelling -> games)
    spelt: defaultdict[str, Counter[str]] = defaultdict(Counter)
    # Oldest first, so that on a tie the most recent spelling wins.
    for index, game in enumerate(reversed(games_by_recency)):
        scores = _one_score_per_person(game)
        for score in scores:
            if score.key not in people:
                people[score.key] = PersonStats(key=score.key, name=score.name)
            person = people[score.key]
            person.played += 1
            person.wins += 1 if score.won else 0
            person.total += score.score
            person.best = better_score(person.best, score.score, game.lower_wins)
            if score.name not in person.spellings:
                person.spellings.append(score.name)
            spelt[score.key][score.name] += 1
            latest_name[score.key] = score.name
        # By rank, not score: so across kinds, whichever way a game is won.
        for score in scores:
            for other in scores:
                if other.rank < score.rank:
                    beaten_by[score.key][other.key] += 1
                    last_beaten[score.key, other.key] = index
    for key, person in people.items():
        # A person goes by the spelling used most, then by the latest one.
        person.name = max(
            person.spellings,
            key=lambda n: (spelt[key][n], n == latest_name[key]),
        )
        person.spellings.sort(key=lambda n: (n != person.name, n.casefold()))
    for key, person in people.items():
        counts = beaten_by.get(key)
        if counts:
            # Most times; on a tie, the one who did it last, then by name.
            rival_key, times = min(
                counts.items(),
                key=lambda kv: (
                    -kv[1],
                    -last_beaten[key, kv[0]],
                    people[kv[0]].name.casefold(),
                ),
            )
            person.rival = Rival(rival_key, people[rival_key].name, times)
    groups = kind_groups(games_by_recency)
    if len(groups) > 1:
        for person in people.values():
            person.best, person.total = None, 0
    # The better average first: the lower one when the lowest total wins.
    lowest_wins = len(groups) == 1 and groups[0][0][1]
    sign = 1 if lowest_wins else -1
    ordered = sorted(
        people.values(),
        key=lambda p: (-p.wins, -p.win_rate, sign * p.average, p.name.casefold()),
    )
    top_wins = ordered[0].wins if ordered else 0
    leaders = [p for p in ordered if p.wins == top_wins] if top_wins else []
    people_order = [(p.key, p.name) for p in ordered]
    # A kind is shown in the words of its latest game.
    records = [
        records_of_kind(kind_games, people_order, pair, kind_games[0].kind, lower)
        for (_key, lower), kind_games in groups
    ]
    return BandStats(
        people=ordered, leaders=leaders, history=games_by_recency, records=records
    )


def beats(score: int, best: int | None, lower_wins: bool) -> bool:
    """Whether `score` is strictly better than the best so far (None: none yet),
    the lower the better when the lowest total wins."""
    if best is None:
        return True
    return score < best if lower_wins else score > best


def better_score(best: int | None, score: int, lower_wins: bool) -> int:
    """The better of a best so far (None: none yet) and a new score."""
    return score if best is None or beats(score, best, lower_wins) else best


def merge_aliases(
    aliases: Mapping[str, str], source: str, target: str
) -> tuple[dict[str, str], str, str]:
    """The alias map after merging `source` into `target` (both raw keys).

    Returns (new_aliases, source_root, target_root); the map stays flat, so
    resolving a key is one look-up. Merging a person into themself changes nothing.
    """
    aliases = dict(aliases)
    source_root = resolve(source, aliases)
    target_root = resolve(target, aliases)
    if source_root == target_root:
        return aliases, source_root, target_root
    for alias, into in list(aliases.items()):
        if into == source_root:
            aliases[alias] = target_root
    aliases[source_root] = target_root
    return aliases, source_root, target_root


def played_together(
    games: Iterable[GameRow], aliases: Mapping[str, str], key_a: str, key_b: str
) -> bool:
    """Whether two people (after merges) appear in one same game."""
    for game in games:
        keys = {resolve(s.key, aliases) for s in game.scores}
        if key_a in keys and key_b in keys:
            return True
    return False


def band_keys(
    names: Sequence[str],
    loose_key: Callable[[str], str],
    strict_key: Callable[[str], str],
) -> list[str]:
    """Keys for one game's players: the loose (accentless) key, unless two players
    of this game share it ("Zoé" and "Zoe" at one table are two people), in which
    case those players keep their strict key."""
    loose = [loose_key(n) for n in names]
    counts = Counter(loose)
    return [
        key if counts[key] == 1 else strict_key(name)
        for key, name in zip(loose, names, strict=True)
    ]


# --- records -----------------------------------------------------------------
#
# Computed per kind of game (scores of different games do not compare), from the
# history (HistoryGame, keys merged). A record belongs to whoever set it first: an
# equal score or streak later does not take it away.

RECENT_GAMES = 5  # the trend compares a player's latest games with the earlier ones
TREND_MIN_GAMES = 4  # fewer games than this make no trend
TREND_MARGIN = 0.05  # within 5 % of the average, a trend is flat
CHART_GAMES = 20  # the chart draws a player's latest games only
CHART_WIDTH = 120
CHART_HEIGHT = 36
CHART_PAD = 4  # room for the dot on the last game


@dataclass(frozen=True)
class ScoreRecord:
    """The best game ever: who, how much, when, in which variant."""

    key: str
    name: str
    score: int
    played_at: datetime.datetime
    label: str


@dataclass(frozen=True)
class YamsRecord:
    """Yams made, in one game (`played_at` set) or in total (None)."""

    key: str
    name: str
    yams: int
    played_at: datetime.datetime | None = None


@dataclass(frozen=True)
class Streak:
    """Wins in a row among the games a person played (shared wins count)."""

    key: str
    name: str
    length: int
    started: datetime.datetime
    ended: datetime.datetime
    ongoing: bool  # still running: the person has not lost since


@dataclass(frozen=True)
class HeadToHead:
    """Two people over the games they played together: who finished ahead."""

    key_a: str
    name_a: str
    key_b: str
    name_b: str
    wins_a: int
    wins_b: int
    ties: int

    @property
    def together(self) -> int:
        return self.wins_a + self.wins_b + self.ties


@dataclass(frozen=True)
class Chart:
    """A small line chart in SVG user units (0,0 top left): the scores of a
    player's latest games as a polyline, their average as a horizontal line."""

    points: str  # "x,y x,y …", oldest game first
    average_y: float
    last_x: float
    last_y: float
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT


@dataclass(frozen=True)
class Trend:
    key: str
    name: str
    played: int
    average: float
    # The average of the latest games and where it goes compared with the
    # earlier ones: "up", "down", "flat", or None below TREND_MIN_GAMES.
    recent_average: float | None
    direction: str | None
    recent_games: int
    charted: tuple[int, ...]  # the scores the chart draws, oldest first
    chart: Chart | None = None


@dataclass
class KindPlayer:
    """A person over the games of one kind: their wins and scores, and what the
    kind's players count (its details, from the games that recorded them)."""

    key: str
    name: str
    played: int = 0
    wins: int = 0
    best: int | None = None
    total: int = 0
    sums: Counter = field(default_factory=Counter)  # detail key -> total
    lowest: dict[str, int] = field(default_factory=dict)  # detail key -> lowest

    @property
    def win_percent(self) -> int:
        return percent(self.wins, self.played)

    @property
    def average(self) -> float:
        return self.total / self.played if self.played else 0.0

    def figure(self, column: DetailColumn) -> float | None:
        """What `column` shows of this player; None for "none yet" (no lowest
        value, a share of nothing)."""
        if column.how == AVERAGE:
            return self.average
        if column.how == LOWEST:
            return self.lowest.get(column.key)
        if column.how == PERCENT:
            whole = self.sums[column.of]
            return percent(self.sums[column.key], whole) if whole else None
        return self.sums[column.key]


def percent(part: int, whole: int) -> int:
    """`part` of `whole` as a whole percentage, rounded half up (0 of nothing)."""
    if not whole:
        return 0
    return (200 * part + whole) // (2 * whole)


def kind_players(
    games: Iterable[HistoryGame],
    people: Sequence[tuple[str, str]],
    lower_wins: bool = False,
) -> list[KindPlayer]:
    """Each person who played `games` (one kind): who wins most at it first,
    then the better average, then in the order of `people`."""
    found = {key: KindPlayer(key, name) for key, name in people}
    for game in games:
        for score in _one_score_per_person(game):
            player = found.setdefault(score.key, KindPlayer(score.key, score.name))
            player.played += 1
            player.wins += 1 if score.won else 0
            player.total += score.score
            player.best = better_score(player.best, score.score, lower_wins)
            for key, value in (score.details or {}).items():
                player.sums[key] += value
                player.lowest[key] = min(player.lowest.get(key, value), value)
    sign = 1 if lower_wins else -1
    return sorted(
        (player for player in found.values() if player.played),
        key=lambda p: (-p.wins, -p.wins / p.played, sign * p.average),
    )


@dataclass(frozen=True)
class Records:
    """The records of one kind of game (won one way: highest or lowest total)."""

    kind: str  # its key
    games: int
    best_game: ScoreRecord | None
    yams_in_a_game: YamsRecord | None
    yams_in_total: list[YamsRecord]  # several on a tie
    yams_counted_games: int
    yams_uncounted_games: int  # recorded before Yams were counted
    streak: Streak | None  # two wins in a row at least
    people: list[
        tuple[str, str]
    ]  # (key, name) of who played this kind, best at it first
    head_to_head: HeadToHead | None
    trends: list[Trend]
    lower_wins: bool = False  # the best game is the lowest total
    about: ResultKind | None = None  # how the kind's games describe it
    players: list[KindPlayer] = field(default_factory=list)  # in `people` order

    @property
    def name(self) -> str:
        """The kind's French name (a translatable source string)."""
        return self.about.name if self.about else ""

    @property
    def columns(self) -> tuple[DetailColumn, ...]:
        return self.about.columns if self.about else ()

    @property
    def note(self) -> str:
        return self.about.note if self.about else ""

    @property
    def says_lowest(self) -> bool:
        """Won by the lowest total, where the kind can be won either way."""
        return self.lower_wins and bool(self.about and self.about.either_way)

    @property
    def slug(self) -> str:
        """The kind for an HTML id: "<key>-lowest" for a kind won low by choice."""
        return f"{self.kind}-lowest" if self.says_lowest else self.kind

    @property
    def counts_yams(self) -> bool:
        return bool(self.about and self.about.counts_yams)

    # What the page says of how trends and charts are drawn.
    recent_games = RECENT_GAMES
    chart_games = CHART_GAMES


def _oldest_first(games: Iterable[HistoryGame]) -> list[HistoryGame]:
    return sorted(games, key=lambda g: (g.played_at, g.game_id))


def best_game(
    games: Iterable[HistoryGame], names: Mapping[str, str], lower_wins: bool = False
) -> ScoreRecord | None:
    """The highest score of one person in one game (the lowest when the lowest
    total wins); on a tie, the first one."""
    best = None
    for game in _oldest_first(games):
        for score in _one_score_per_person(game):
            if beats(score.score, best.score if best else None, lower_wins):
                best = ScoreRecord(
                    key=score.key,
                    name=names.get(score.key, score.name),
                    score=score.score,
                    played_at=game.played_at,
                    label=game.label,
                )
    return best


def counts_yams(game: HistoryGame) -> bool:
    """The game was recorded with its Yams (older results have none)."""
    return bool(game.scores) and all(s.yams is not None for s in game.scores)


def yams_in_a_game(
    games: Iterable[HistoryGame], names: Mapping[str, str]
) -> YamsRecord | None:
    """The most Yams one person made in one game (one at least); the first one on a
    tie."""
    best = None
    for game in _oldest_first(games):
        if not counts_yams(game):
            continue
        for score in _one_score_per_person(game):
            if score.yams and (best is None or score.yams > best.yams):
                best = YamsRecord(
                    score.key,
                    names.get(score.key, score.name),
                    score.yams,
                    game.played_at,
                )
    return best


def yams_totals(games: Iterable[HistoryGame]) -> Counter[str]:
    """Yams made per person over the games that counted them."""
    totals: Counter[str] = Counter()
    for game in games:
        if counts_yams(game):
            for score in _one_score_per_person(game):
                totals[score.key] += score.yams or 0
    return totals


def yams_in_total(
    games: Iterable[HistoryGame], names: Mapping[str, str]
) -> list[YamsRecord]:
    """Whoever made the most Yams in all (everyone tied at the top), by name."""
    totals = yams_totals(games)
    top = max(totals.values(), default=0)
    if not top:
        return []
    leaders = [
        YamsRecord(key, names.get(key, key), yams)
        for key, yams in totals.items()
        if yams == top
    ]
    return sorted(leaders, key=lambda r: r.name.casefold())


def longest_streaks(games: Iterable[HistoryGame]) -> dict[str, tuple[int, int, int]]:
    """Per person, their longest run of wins among the games they played:
    (length, index of its first game, index of its last), indexes in the list of
    the games oldest first; the first such run on a tie. A person who never won
    is absent."""
    best: dict[str, tuple[int, int, int]] = {}
    run: dict[str, tuple[int, int]] = {}  # key -> (length, first index)
    for index, game in enumerate(_oldest_first(games)):
        for score in _one_score_per_person(game):
            if not score.won:
                run.pop(score.key, None)
                continue
            length, first = run.get(score.key, (0, index))
            run[score.key] = (length + 1, first)
            if length + 1 > best.get(score.key, (0, 0, 0))[0]:
                best[score.key] = (length + 1, first, index)
    return best


def longest_streak(
    games: Iterable[HistoryGame], names: Mapping[str, str], shortest: int = 2
) -> Streak | None:
    """The longest run of wins of anyone (`shortest` at least): the first to reach
    it on a tie."""
    ordered = _oldest_first(games)
    streaks = longest_streaks(ordered)
    if not streaks:
        return None
    key, (length, first, last) = min(
        streaks.items(), key=lambda kv: (-kv[1][0], kv[1][2], kv[0])
    )
    if length < shortest:
        return None
    # A run still going is the person's latest games: a later game of theirs
    # would have ended it or made it longer.
    later = any(s.key == key for game in ordered[last + 1 :] for s in game.scores)
    return Streak(
        key=key,
        name=names.get(key, key),
        length=length,
        started=ordered[first].played_at,
        ended=ordered[last].played_at,
        ongoing=not later,
    )


def head_to_head(
    games: Iterable[HistoryGame], key_a: str, key_b: str, names: Mapping[str, str]
) -> HeadToHead:
    """How often each of two people finished ahead of the other, over the games
    they both played; a shared rank (equal scores) is a tie. By rank, so it
    holds whichever way a game is won."""
    wins_a = wins_b = ties = 0
    for game in games:
        ranks = {s.key: s.rank for s in _one_score_per_person(game)}
        if key_a not in ranks or key_b not in ranks:
            continue
        if ranks[key_a] < ranks[key_b]:
            wins_a += 1
        elif ranks[key_b] < ranks[key_a]:
            wins_b += 1
        else:
            ties += 1
    return HeadToHead(
        key_a,
        names.get(key_a, key_a),
        key_b,
        names.get(key_b, key_b),
        wins_a,
        wins_b,
        ties,
    )


def trend(key: str, name: str, scores: Sequence[int]) -> Trend:
    """A person's average and where it goes: the mean of their latest games
    (RECENT_GAMES, or half of their games when fewer) against the earlier ones."""
    played = len(scores)
    average = sum(scores) / played if played else 0.0
    recent_average = direction = None
    recent = 0
    if played >= TREND_MIN_GAMES:
        recent = min(RECENT_GAMES, played // 2)
        recent_average = sum(scores[-recent:]) / recent
        earlier = sum(scores[:-recent]) / (played - recent)
        margin = TREND_MARGIN * max(abs(average), 1)
        if recent_average - earlier > margin:
            direction = "up"
        elif earlier - recent_average > margin:
            direction = "down"
        else:
            direction = "flat"
    return Trend(
        key=key,
        name=name,
        played=played,
        average=average,
        recent_average=recent_average,
        direction=direction,
        recent_games=recent,
        charted=tuple(scores[-CHART_GAMES:]),
    )


def chart(values: Sequence[int], average: float, low: float, high: float) -> Chart:
    """The chart of `values` on a scale from `low` to `high` (shared by the
    players of a band, so that their lines compare)."""
    inner_w = CHART_WIDTH - 2 * CHART_PAD
    inner_h = CHART_HEIGHT - 2 * CHART_PAD

    def y(value: float) -> float:
        if high == low:
            return CHART_HEIGHT / 2
        return round(CHART_PAD + inner_h * (high - value) / (high - low), 1)

    def x(index: int) -> float:
        if len(values) == 1:
            return CHART_WIDTH / 2
        return round(CHART_PAD + inner_w * index / (len(values) - 1), 1)

    points = [(x(i), y(v)) for i, v in enumerate(values)]
    return Chart(
        points=" ".join(f"{px:g},{py:g}" for px, py in points),
        average_y=y(average),
        last_x=points[-1][0],
        last_y=points[-1][1],
    )


def trends(
    games: Iterable[HistoryGame], people: Sequence[tuple[str, str]]
) -> list[Trend]:
    """Each person's average, trend and chart, in the order of `people`."""
    scores = defaultdict(list)
    for game in _oldest_first(games):
        for score in _one_score_per_person(game):
            scores[score.key].append(score.score)
    found = [trend(key, name, scores[key]) for key, name in people if scores[key]]
    scale = [v for t in found for v in (*t.charted, t.average)]
    low, high = min(scale, default=0), max(scale, default=0)
    return [replace(t, chart=chart(t.charted, t.average, low, high)) for t in found]


def records_of_kind(
    games: Sequence[HistoryGame],
    people: Sequence[tuple[str, str]],
    pair: tuple[str, str] | None = None,
    kind: ResultKind | None = None,
    lower_wins: bool = False,
) -> Records:
    """The records of `games` (one kind of game, `kind`, won one way). `people` are
    (key, name) in the band's order; the head-to-head is `pair` when both played
    these games and are two people, else the first two who did."""
    names = dict(people)
    # Who played this kind, in its own order (who wins most at it first).
    players = kind_players(games, people, lower_wins)
    here = [(player.key, names.get(player.key, player.name)) for player in players]
    keys = [key for key, _name in here]
    if pair is None or pair[0] == pair[1] or not set(pair) <= set(keys):
        pair = (keys[0], keys[1]) if len(keys) > 1 else None
    counted = sum(1 for game in games if counts_yams(game))
    yams_kind = bool(kind and kind.counts_yams)
    return Records(
        kind=kind.key if kind else "",
        games=len(games),
        best_game=best_game(games, names, lower_wins),
        yams_in_a_game=yams_in_a_game(games, names),
        yams_in_total=yams_in_total(games, names),
        yams_counted_games=counted,
        # Only a Yams counts Yams: the other kinds have none to leave out.
        yams_uncounted_games=len(games) - counted if yams_kind else 0,
        streak=longest_streak(games, names),
        people=here,
        head_to_head=head_to_head(games, *pair, names) if pair else None,
        trends=trends(games, here),
        lower_wins=lower_wins,
        about=kind,
        players=players,
    )


def kind_groups(
    games: Iterable[HistoryGame],
) -> list[tuple[tuple[str, bool], list[HistoryGame]]]:
    """The games by kind and by which way they were won (a counter won by the
    lowest total does not compare with one won by the highest), most recent
    first, the kind played most recently first."""
    by_kind: dict[tuple[str, bool], list[HistoryGame]] = {}
    for game in sorted(games, key=lambda g: (g.played_at, g.game_id), reverse=True):
        by_kind.setdefault((game.kind.key, game.lower_wins), []).append(game)
    return list(by_kind.items())


# --- the evening ---------------------------------------------------------------
#
# A game night is several games, of any kind: an evening is a run of games each
# begun less than EVENING_GAP after the previous ones ended. Its ranking goes by
# who finished ahead of whom, read from the ranks, so games of every kind count
# alike: each game gives a player one point per player of that game they beat.

EVENING_GAP = datetime.timedelta(hours=6)


def game_points(scores: Iterable[HistoryScore]) -> dict[str, int]:
    """One point per player beaten, by person key: players of equal rank beat
    nobody among themselves, each beats whoever finished below them."""
    scores = list(scores)
    ranks = [score.rank for score in scores]
    by_key = {}
    for score in scores:
        by_key[score.key] = sum(1 for rank in ranks if rank > score.rank)
    return by_key


def evenings(
    games: Iterable[HistoryGame], gap: datetime.timedelta = EVENING_GAP
) -> list[list[HistoryGame]]:
    """The games by evening, oldest first, each evening's games in the order they
    began: a game begun `gap` or more after every earlier game ended opens a new
    evening (games that overlap are one evening)."""
    found: list[list[HistoryGame]] = []
    ended = None  # the latest end of the evening so far
    for game in sorted(games, key=lambda g: (g.began, g.played_at, g.game_id)):
        if ended is None or game.began - ended >= gap:
            found.append([])
            ended = game.played_at
        found[-1].append(game)
        ended = max(ended, game.played_at)
    return found


@dataclass(frozen=True)
class EveningPlace:
    key: str
    name: str
    rank: int  # equal points share a rank
    points: int
    played: int  # games of the evening
    wins: int

    @property
    def won(self) -> bool:
        return self.rank == 1 and self.points > 0


@dataclass(frozen=True)
class EveningGame:
    game: HistoryGame
    points: Mapping[str, int]  # by person key


@dataclass(frozen=True)
class Evening:
    games: list[EveningGame]  # in the order they began
    ranking: list[EveningPlace]  # best first

    @property
    def began(self) -> datetime.datetime:
        return self.games[0].game.began

    @property
    def ended(self) -> datetime.datetime:
        return max(g.game.played_at for g in self.games)

    @property
    def leaders(self) -> list[EveningPlace]:
        """Who wins the evening (several on a tie; nobody before a point)."""
        return [place for place in self.ranking if place.won]


def evening_of(
    games: Sequence[HistoryGame], names: Mapping[str, str] | None = None
) -> Evening:
    """The ranking of one evening's games (keys merged, as `history` gives them):
    points summed per person, equal totals tied; `names` by key (the band's), else
    the name of their latest game."""
    names = dict(names or {})
    points: Counter = Counter()
    played: Counter = Counter()
    wins: Counter = Counter()
    seen: dict[str, str] = {}
    rows = []
    for game in games:
        scores = _one_score_per_person(game)
        earned = game_points(scores)
        rows.append(EveningGame(game=game, points=earned))
        for score in scores:
            points[score.key] += earned[score.key]
            played[score.key] += 1
            wins[score.key] += 1 if score.won else 0
            seen[score.key] = score.name
    name = {key: names.get(key, seen[key]) for key in seen}
    order = sorted(seen, key=lambda k: (-points[k], name[k].casefold(), k))
    ranking = [
        EveningPlace(
            key=key,
            name=name[key],
            rank=1 + sum(1 for other in seen if points[other] > points[key]),
            points=points[key],
            played=played[key],
            wins=wins[key],
        )
        for key in order
    ]
    return Evening(games=rows, ranking=ranking)


def tonight(
    games: Iterable[HistoryGame],
    now: datetime.datetime,
    names: Mapping[str, str] | None = None,
    gap: datetime.timedelta = EVENING_GAP,
) -> Evening | None:
    """The evening still going at `now`: the latest one, unless it ended `gap` or
    more ago (a game begun now could no longer join it); None without one."""
    found = evenings(games, gap)
    if not found:
        return None
    latest = found[-1]
    if now - max(g.played_at for g in latest) >= gap:
        return None
    return evening_of(latest, names)
