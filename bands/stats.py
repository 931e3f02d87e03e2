"""A band's statistics, computed from its history rows.

Pure Python (no Django): the band page loads plain rows in a constant number of
queries and hands them here, so the same code is tested table-driven.

A person is identified by a key (accent- and case-insensitive, computed by the
caller); `aliases` maps keys merged by the host onto the key they were merged into
(flat: a target is never itself a source).
"""

import datetime
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ScoreRow:
    name: str
    key: str
    seat: int
    score: int
    rank: int
    won: bool


@dataclass(frozen=True)
class GameRow:
    game_id: int
    played_at: datetime.datetime  # or anything that orders like one (tests: ints)
    preset: str
    label: str
    scores: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class Rival:
    key: str
    name: str
    times: int


@dataclass
class PersonStats:
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


@dataclass(frozen=True)
class HistoryGame:
    game_id: int
    played_at: datetime.datetime
    preset: str
    label: str
    scores: tuple[HistoryScore, ...]  # best first

    @property
    def winners(self) -> list[HistoryScore]:
        return [s for s in self.scores if s.won]


@dataclass(frozen=True)
class BandStats:
    people: list[PersonStats]  # best first
    leaders: list[PersonStats]  # who wins most (several on a tie)
    history: list[HistoryGame]  # most recent first

    @property
    def games_played(self) -> int:
        return len(self.history)


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
            )
            for s in sorted(game.scores, key=lambda s: (s.rank, s.seat))
        )
        rows.append(
            HistoryGame(
                game_id=game.game_id,
                played_at=game.played_at,
                preset=game.preset,
                label=game.label,
                scores=scores,
            )
        )
    rows.sort(key=lambda g: (g.played_at, g.game_id), reverse=True)
    return rows


def _one_score_per_person(game):
    """A person appears once per game; if a merge put two rows under one key
    (it should not: merging people who played together is refused), the best
    row stands for them."""
    best = {}
    for score in game.scores:
        kept = best.get(score.key)
        if kept is None or (score.rank, score.seat) < (kept.rank, kept.seat):
            best[score.key] = score
    return list(best.values())


def compute(
    games: Iterable[GameRow], aliases: Mapping[str, str] | None = None
) -> BandStats:
    """Statistics per person and the history, from GameRow objects."""
    games_by_recency = history(games, aliases)
    people = {}
    beaten_by = defaultdict(Counter)  # key -> Counter(rival key -> times)
    last_beaten = {}  # (key, rival key) -> index of the game, oldest first
    latest_name = {}
    spelt = defaultdict(Counter)  # key -> Counter(spelling -> games)
    # Oldest first, so that on a tie the most recent spelling wins.
    for index, game in enumerate(reversed(games_by_recency)):
        scores = _one_score_per_person(game)
        for score in scores:
            person = people.get(score.key)
            if person is None:
                person = people[score.key] = PersonStats(key=score.key, name=score.name)
            person.played += 1
            person.wins += 1 if score.won else 0
            person.total += score.score
            person.best = (
                score.score if person.best is None else max(person.best, score.score)
            )
            if score.name not in person.spellings:
                person.spellings.append(score.name)
            spelt[score.key][score.name] += 1
            latest_name[score.key] = score.name
        for score in scores:
            for other in scores:
                if other.score > score.score:
                    beaten_by[score.key][other.key] += 1
                    last_beaten[score.key, other.key] = index
    for key, person in people.items():
        # A person goes by the spelling used most, then by the latest one.
        person.name = max(
            person.spellings,
            key=lambda n, key=key: (spelt[key][n], n == latest_name[key]),
        )
        person.spellings.sort(key=lambda n, p=person: (n != p.name, n.casefold()))
    for key, person in people.items():
        counts = beaten_by.get(key)
        if counts:
            # Most times; on a tie, the one who did it last, then by name.
            rival_key, times = min(
                counts.items(),
                key=lambda kv, key=key: (
                    -kv[1],
                    -last_beaten[key, kv[0]],
                    people[kv[0]].name.casefold(),
                ),
            )
            person.rival = Rival(rival_key, people[rival_key].name, times)
    ordered = sorted(
        people.values(),
        key=lambda p: (-p.wins, -p.win_rate, -p.average, p.name.casefold()),
    )
    top_wins = ordered[0].wins if ordered else 0
    leaders = [p for p in ordered if p.wins == top_wins] if top_wins else []
    return BandStats(people=ordered, leaders=leaders, history=games_by_recency)


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
