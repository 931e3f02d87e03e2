"""The sheet of a game played in two teams (belote, coinche): two columns, one
per team, named by its players or by the name the host gave it; the deals down,
each team's points and running total; the players' names under their team's,
the host's link to correct one. Drawn by templates/kinds/belote/sheet.jinja."""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.kinds import rounds
from games.kinds.base import RoundKind
from scorekeeper.lib import numbers

from .teams import TEAMS, Team, team_name, team_totals, teams

if TYPE_CHECKING:
    from games.access import Access


@dataclass(slots=True)
class Member:
    pk: int
    name: str
    rename_url: str = ""
    deals: bool = False  # deals the next deal


@dataclass(slots=True)
class TeamHead:
    number: Team
    name: str
    members: list[Member]
    total: int
    gap: int  # points behind the leading team
    current: bool = False  # one of its players deals next


@dataclass(slots=True)
class TeamCell:
    points: str
    total: int
    mark: str = ""  # "P": the team that took
    label: str = ""  # what a screen reader says of the cell


@dataclass(slots=True)
class TeamRow:
    number: int
    note: str
    cells: list[TeamCell]


@dataclass
class TeamsTable:
    heads: list[TeamHead]
    rows: list[TeamRow]
    ranking: list[tuple[int, TeamHead, bool]]  # (rank, head, tied) best first
    number: int  # the deal to come
    dealer: str
    round_word: str
    leader_mark: str
    can_write: bool
    reserve: int = 0  # litige points waiting for the next deal's winner
    new_round_url: str = ""
    end_url: str = ""
    reopen_url: str = ""
    lower_wins: bool = False
    crowded: bool = False
    notes: list[str] = field(default_factory=list)
    last: str = ""  # the last deal in words, under the banner

    @property
    def winners(self) -> list[TeamHead]:
        return [head for rank, head, _tied in self.ranking if rank == 1]


class TeamsTableBuilder:
    """The TeamsTable of a game in two teams as `access`'s role sees it."""

    def __init__(self, state: rounds.RoundsGame, access: "Access") -> None:
        self.state = state
        self.access = access
        self.kind = access.game.game_kind

    def table(self) -> TeamsTable:
        state, access = self.state, self.access
        totals = team_totals(state)
        best = max(totals.values())
        dealer = state.dealer
        heads = []
        for number, players in zip(TEAMS, teams(state.players), strict=True):
            members = [
                Member(
                    player.pk,
                    player.name,
                    access.url("rename", player_id=player.pk)
                    if access.can_rename
                    else "",
                    dealer is not None and dealer.pk == player.pk,
                )
                for player in players
            ]
            heads.append(
                TeamHead(
                    number=number,
                    name=team_name(state.rules, state.players, number),
                    members=members,
                    total=totals[number],
                    gap=best - totals[number],
                    current=any(member.deals for member in members),
                )
            )
        tied = totals[1] == totals[2]
        ranked = sorted(heads, key=lambda head: -head.total)
        ranking = [
            (1 if tied or index == 0 else 2, head, tied)
            for index, head in enumerate(ranked)
        ]
        last = state.rounds[-1].detail if state.rounds else None
        table = TeamsTable(
            heads=heads,
            rows=[self.row(n, r) for n, r in enumerate(state.rounds, start=1)],
            ranking=ranking,
            number=state.number,
            dealer=dealer.name if dealer is not None else "",
            round_word=str(self.kind.words.round),
            leader_mark=pgettext("leader", "1er"),
            can_write=access.can_write,
            reserve=getattr(last, "reserve", 0) if not state.finished else 0,
        )
        if state.rounds:
            table.last = cast(RoundKind, self.kind).round_summary(
                state, len(state.rounds), state.rounds[-1]
            )
        if access.can_write:
            if not state.finished:
                table.new_round_url = access.url("new_round")
                if state.rounds:
                    table.end_url = access.url("end")
            elif access.game.ended_by_host:
                table.reopen_url = access.url("reopen")
        return table

    def row(self, number: int, round_: rounds.ScoredRound) -> TeamRow:
        state = self.state
        note, _marks = cast(RoundKind, self.kind).round_notes(state, round_)
        totals = state.running_totals[number - 1]
        detail = round_.detail
        taker = getattr(detail, "taker", None) or getattr(detail, "bidder", None)
        cells = []
        for team, players in zip(TEAMS, teams(state.players), strict=True):
            pk = players[0].pk
            points = numbers.written(round_.points[pk])
            label = _("%(name)s : %(points)s, total %(total)s") % {
                "name": team_name(state.rules, state.players, team),
                "points": points,
                "total": numbers.written(totals[pk]),
            }
            mark = ""
            if taker == team:
                mark = pgettext("took the deal", "P")
                label += " (" + _("a pris") + ")"
            cells.append(TeamCell(points, totals[pk], mark, label))
        return TeamRow(number, note, cells)
