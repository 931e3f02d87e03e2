"""What a kind of game is to the rest of the app: one plug-in object per kind,
listed in registry.py.

A plug-in says everything the app needs to know about its kind: its key and
names, who may play, its rules and options, how a game of it is read back from
what was stored, how its rounds are named, which form enters a round and which
templates draw it. The views, the sheet, the keepsakes and the band's history ask
the plug-in (`game.game_kind`), never "which kind is this?".

Web parts (a form class, a sheet builder) are named by dotted path and imported
when first asked for (`import_string`): the models read the registry at import
time, and a kind's forms import the models.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, cast

from django.utils.module_loading import import_string
from django.utils.translation import gettext, gettext_lazy, ngettext_lazy

from bands.models import FinalScore
from bands.stats import DetailColumn, ResultKind
from scorekeeper.lib import numbers

from . import options, rounds
from .messages import Message, gettext_noop
from .state import PlayerLike, State

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class RoundWords:
    """How a kind names its rounds, in whole sentences (French has genders, and
    another language may order the words otherwise): a *manche*, a *donne*."""

    round: StrOrPromise  # "Manche"
    round_lower: StrOrPromise  # "manche", inside a sentence
    number: StrOrPromise  # "Manche %(number)s"
    record: StrOrPromise  # "Noter la manche %(number)s"
    none_yet: StrOrPromise  # "Aucune manche pour l'instant."
    undo_last: StrOrPromise  # "Annuler la dernière manche"
    undo_ask: StrOrPromise  # "Annuler la dernière manche ?"
    undo_confirm: StrOrPromise  # "Oui, annuler cette manche"
    undo_gone: StrOrPromise  # "La manche disparaît de la feuille ; …"
    ends_game: StrOrPromise  # "Cette manche termine la partie."
    fill_in: StrOrPromise  # "Remplissez la manche : le calcul …"
    log_link: StrOrPromise  # "Toutes les manches, une à une"
    log_title: StrOrPromise  # "Toutes les manches, dans l'ordre"
    recorded: StrOrPromise  # "Manche %(number)s notée."
    undone: StrOrPromise  # "Manche %(number)s annulée."
    # The score race's sentence (games/race.py), %(round)s the round's number:
    race_alone: StrOrPromise  # "%(name)s a %(total)s points après la manche %(round)s"
    race_leads: StrOrPromise  # "%(name)s mène depuis la manche %(round)s"
    race_leads_lowest: StrOrPromise  # "… avec le plus petit total"
    race_wins: StrOrPromise  # "%(name)s gagne, en tête depuis la manche %(round)s"
    race_wins_lowest: StrOrPromise  # "… gagne avec le plus petit total, …"
    # The race's second part, on the runner-up, %(gap)s the points behind
    # (plural on "gap"): a kind whose players are teams names them in the plural.
    race_behind: StrOrPromise = ngettext_lazy(
        "%(name)s est à %(gap)s point", "%(name)s est à %(gap)s points", "gap"
    )
    race_behind_over: StrOrPromise = ngettext_lazy(
        "%(name)s finit %(gap)s point derrière",
        "%(name)s finit %(gap)s points derrière",
        "gap",
    )
    # The log page's sentence on how long a game is kept, %(days)s the days
    # (plural on "days"): a kind of its own words says its rounds there too.
    log_kept: StrOrPromise = ngettext_lazy(
        "La partie est effacée %(days)s jour après la dernière manche. "
        "Téléchargez-la pour la garder : le fichier JSON peut être réimporté.",
        "La partie est effacée %(days)s jours après la dernière manche. "
        "Téléchargez-la pour la garder : le fichier JSON peut être réimporté.",
        "days",
    )
    # The pencil card's help and the reopen dialog's note.
    pencil_help: StrOrPromise = gettext_lazy(
        "Quelqu'un d'autre note sur son téléphone : il reçoit un lien pour "
        "remplir la feuille et annuler la dernière manche, rien d'autre. Une "
        "seule personne note à la fois."
    )
    reopen_note: StrOrPromise = gettext_lazy(
        "La partie continue après sa dernière manche ; son résultat quitte "
        "l'historique de la bande jusqu'à la fin."
    )
    # Who the round dialog says plays first, %(name)s the dealer's name.
    deals: StrOrPromise = gettext_lazy("%(name)s distribue.")


ROUNDS = RoundWords(
    round=gettext_lazy("Manche"),
    round_lower=gettext_lazy("manche"),
    number=gettext_lazy("Manche %(number)s"),
    record=gettext_lazy("Noter la manche %(number)s"),
    none_yet=gettext_lazy("Aucune manche pour l'instant."),
    undo_last=gettext_lazy("Annuler la dernière manche"),
    undo_ask=gettext_lazy("Annuler la dernière manche ?"),
    undo_confirm=gettext_lazy("Oui, annuler cette manche"),
    undo_gone=gettext_lazy(
        "La manche disparaît de la feuille ; elle reste dans le journal."
    ),
    ends_game=gettext_lazy("Cette manche termine la partie."),
    fill_in=gettext_lazy(
        "Remplissez la manche : le calcul s'affiche ici avant de valider."
    ),
    log_link=gettext_lazy("Toutes les manches, une à une"),
    log_title=gettext_lazy("Toutes les manches, dans l'ordre"),
    recorded=gettext_lazy("Manche %(number)s notée."),
    undone=gettext_lazy("Manche %(number)s annulée."),
    race_alone=ngettext_lazy(
        "%(name)s a %(total)s point après la manche %(round)s",
        "%(name)s a %(total)s points après la manche %(round)s",
        "total",
    ),
    race_leads=gettext_lazy("%(name)s mène depuis la manche %(round)s"),
    race_leads_lowest=gettext_lazy(
        "%(name)s mène depuis la manche %(round)s, avec le plus petit total"
    ),
    race_wins=gettext_lazy("%(name)s gagne, en tête depuis la manche %(round)s"),
    race_wins_lowest=gettext_lazy(
        "%(name)s gagne avec le plus petit total, en tête depuis la manche %(round)s"
    ),
)

# The race's runner-up part for a kind whose players may be teams ("Nous", "Léa &
# Max", "Les Bleus"): no verb to agree with a name that may be singular or plural.
TEAM_BEHIND = ngettext_lazy(
    "%(name)s à %(gap)s point", "%(name)s à %(gap)s points", "gap"
)
TEAM_BEHIND_OVER = ngettext_lazy(
    "%(name)s : %(gap)s point derrière à l'arrivée",
    "%(name)s : %(gap)s points derrière à l'arrivée",
    "gap",
)

DEALS = RoundWords(
    round=gettext_lazy("Donne"),
    round_lower=gettext_lazy("donne"),
    number=gettext_lazy("Donne %(number)s"),
    record=gettext_lazy("Noter la donne %(number)s"),
    none_yet=gettext_lazy("Aucune donne pour l'instant."),
    undo_last=gettext_lazy("Annuler la dernière donne"),
    undo_ask=gettext_lazy("Annuler la dernière donne ?"),
    undo_confirm=gettext_lazy("Oui, annuler cette donne"),
    undo_gone=gettext_lazy(
        "La donne disparaît de la feuille ; elle reste dans le journal."
    ),
    ends_game=gettext_lazy("Cette donne termine la partie."),
    fill_in=gettext_lazy(
        "Remplissez la donne : le calcul s'affiche ici avant de valider."
    ),
    log_link=gettext_lazy("Toutes les donnes, une à une"),
    log_title=gettext_lazy("Toutes les donnes, dans l'ordre"),
    recorded=gettext_lazy("Donne %(number)s notée."),
    undone=gettext_lazy("Donne %(number)s annulée."),
    race_alone=ngettext_lazy(
        "%(name)s a %(total)s point après la donne %(round)s",
        "%(name)s a %(total)s points après la donne %(round)s",
        "total",
    ),
    race_leads=gettext_lazy("%(name)s mène depuis la donne %(round)s"),
    race_leads_lowest=gettext_lazy(
        "%(name)s mène depuis la donne %(round)s, avec le plus petit total"
    ),
    race_wins=gettext_lazy("%(name)s gagne, en tête depuis la donne %(round)s"),
    race_wins_lowest=gettext_lazy(
        "%(name)s gagne avec le plus petit total, en tête depuis la donne %(round)s"
    ),
    log_kept=ngettext_lazy(
        "La partie est effacée %(days)s jour après la dernière donne. "
        "Téléchargez-la pour la garder : le fichier JSON peut être réimporté.",
        "La partie est effacée %(days)s jours après la dernière donne. "
        "Téléchargez-la pour la garder : le fichier JSON peut être réimporté.",
        "days",
    ),
    pencil_help=gettext_lazy(
        "Quelqu'un d'autre note sur son téléphone : il reçoit un lien pour "
        "remplir la feuille et annuler la dernière donne, rien d'autre. Une "
        "seule personne note à la fois."
    ),
    reopen_note=gettext_lazy(
        "La partie continue après sa dernière donne ; son résultat quitte "
        "l'historique de la bande jusqu'à la fin."
    ),
)


@dataclass(frozen=True)
class Column:
    """A column of a game's log, CSV and printed sheet: its head, the player
    whose points and totals it shows (a team's first player, whose points both
    partners share), and who it is when the head does not say ("Léa & Zoé"
    under a team's name)."""

    name: str
    player: PlayerLike
    members: str = ""


class UnknownKind(LookupError):
    """A kind key no plug-in answers to: never taken for another kind."""

    def __init__(self, key: object) -> None:
        super().__init__(f"unknown game kind: {key!r}")
        self.key = key


class GameKind(ABC):
    """One kind of game as the app knows it. Subclasses set the class attributes
    and the methods marked abstract; registry.py holds one instance of each."""

    key: ClassVar[str]
    # French source strings (`translated` shows them in the page's language).
    label: ClassVar[str]
    description: ClassVar[str]
    # How its rounds are named (a kind scored by rounds).
    words: ClassVar[RoundWords] = ROUNDS
    # The `Game.preset` values a game of this kind may hold: "" alone for a kind
    # without presets.
    presets: ClassVar[tuple[str, ...]] = ("",)
    default_preset: ClassVar[str] = ""
    # The host may end a game of this kind where the table stops (a counter
    # without an end); a kind that ends by its own rules only (Yams) may not.
    host_ends: ClassVar[bool] = True
    # What the app stores for each move: the related name of `Entry` (a box) or
    # `Round` (a round) on `Game`.
    written: ClassVar[str] = "rounds"
    # Dotted paths of the web parts (see the module's docstring).
    entry_form: ClassVar[str] = ""
    # The template drawing the kind's part of the round dialog, and the one
    # drawing its sheet.
    dialog_template: ClassVar[str] = ""
    sheet_template: ClassVar[str] = "games/rounds_sheet.jinja"
    # Dotted path of the class that makes the sheet's table from a state and
    # the page's access.
    sheet_builder: ClassVar[str] = "games.sheet.RoundsTableBuilder"

    # --- who plays, with which rules --------------------------------------------

    @abstractmethod
    def build_rules(self, preset: str, options: Mapping[str, object] | None) -> Any:
        """The rules of a game of this kind, or RuleError for an unknown preset
        or an option the kind does not take."""

    @property
    @abstractmethod
    def min_players(self) -> int: ...

    @property
    @abstractmethod
    def max_players(self) -> int:
        """The most players any of its presets takes."""

    def player_count_error(self, count: int, rules: Any) -> Message | None:
        """Why a game of these rules cannot be played by `count` players, or
        None."""
        least, most = rules.min_players, rules.max_players
        if least <= count <= most:
            return None
        return Message(
            gettext_noop("%(game)s se joue de %(min)d à %(max)d joueurs."),
            {"game": Message(str(rules.label)), "min": least, "max": most},
        )

    # --- a game of it -------------------------------------------------------------

    @abstractmethod
    def replay(
        self,
        game: Any,
        players: Sequence[PlayerLike],
        written: Sequence[Any],
        last_seq: int,
    ) -> State:
        """The state of `game` (its `rules`, and `ended_by_host`: the host ended
        it) once its active writes (`Entry` or `Round` rows, in order) are
        played again."""

    def advanced(self, game: Any, state: State, version: int) -> State | None:
        """The state of `game` at its version, made from `state` kept at an
        older `version` by what was written since, or None when the caller must
        replay the game (the default)."""
        return None

    def attached(self, state: State, game: Any) -> State:
        """`state` as the state of this instance of its game (None: of no
        instance, as a process keeps it between requests)."""
        return state

    def kept(self, state: State) -> State:
        """`state` as a process keeps it between requests: of no instance of its
        game, holding plain values rather than the web layer's rows."""
        return self.attached(state, None)

    def last_written(self, game: Any, state: State) -> Any:
        """The active write an undo takes back (its primary key and what the
        undo's answer says of it: the `Entry` or `Round` row, or what a kept state
        holds of it), or None."""
        written = getattr(game, self.written)
        return written.filter(undone_at__isnull=True).order_by("-seq").first()

    @abstractmethod
    def without_last(self, state: State, last: Any) -> State:
        """`state` once its last write, `last`, is taken back."""

    def closed(self, state: State, closed: bool) -> State:
        """`state` once the host ends the game (`closed`), or takes that back."""
        raise NotImplementedError(f"a game of {self.key} ends by its own rules")

    def highlights(self, state: State) -> Mapping[int, Mapping[str, int]]:
        """What a band keeps of each player's game besides the total (by pk)."""
        return {player.pk: {} for player in state.players}

    def final_scores(self, state: State) -> list[FinalScore]:
        """Each player's result as the band keeps it, best first."""
        highlights = self.highlights(state)
        return [
            FinalScore(
                name=standing.player.name,
                seat=standing.player.seat,
                score=standing.total,
                rank=standing.rank,
                details=highlights[standing.player.pk],
            )
            for standing in state.ranking()
        ]

    # --- its web parts ----------------------------------------------------------------

    @cached_property
    def entry_form_class(self) -> type:
        return cast(type, import_string(self.entry_form))

    @cached_property
    def sheet_builder_class(self) -> type:
        return cast(type, import_string(self.sheet_builder))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.key}>"

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.

    # How the host enters a move on the game page: one box of one player at a
    # time, tapped on the sheet (`games.views.box`, Yams), or else the whole
    # table's round in one dialog (`games.views.new_round`).
    entered_by_boxes: ClassVar[bool] = False
    # The create page's part of this kind: the class (dotted path) adding its
    # option fields to the create form and cleaning them, and the templates
    # drawing them: `create_template` as a card of its own after the players
    # (Yams's presets; "" for none), `options_template` in the "Options" fold.
    create_part: ClassVar[str] = "games.forms.OptionSpecsPart"
    create_template: ClassVar[str] = ""
    options_template: ClassVar[str] = "games/kind_options.jinja"
    # At tarot a deal sums to 0 over the table: the round dialog says so.
    zero_sum: ClassVar[bool] = False
    # The invitations name the game played ("our game of Tarot"): a counter
    # plays any game, and names none.
    invitation_names_game: ClassVar[bool] = True

    @cached_property
    def create_part_class(self) -> type:
        return cast(type, import_string(self.create_part))

    def players_help(self) -> str:
        """The help under the players' names on the create page, in the page's
        language."""
        return str(
            gettext_lazy(
                "Dans l'ordre où ils sont assis : c'est l'ordre du jeu. "
                "De %(min)s à %(max)s joueurs."
            )
            % {"min": self.min_players, "max": self.max_players}
        )

    # Its state has a current player (whose turn it is): the timer counts a
    # turn; otherwise a round.
    timer_per_turn: ClassVar[bool] = False

    # Where each player sits decides more than whose turn it is (partners, in
    # teams): the host's game page offers to change the seating until something
    # is entered (`Game.reseat`).
    reseated_on_page: ClassVar[bool] = False

    def seat_notes(self, count: int) -> list[str]:
        """What each seat means besides its number (its team), in the page's
        language, for the game page's seating card; "" for nothing."""
        return [""] * count

    # The function (dotted path) giving what the host's rename dialog says is
    # still possible for a player, `(state, player_pk) -> [(text, its class
    # attribute)]` in the page's language; "" says nothing.
    player_prospects: ClassVar[str] = ""

    def prospects_of(self, state: State, player_pk: int) -> list[tuple[str, str]]:
        if not self.player_prospects:
            return []
        return list(import_string(self.player_prospects)(state, player_pk))

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # The module of the kind's folder that says its writes in words for the
    # log, the CSV, the JSON and the PDF (`words_module`): the kind's web side, on
    # Django's gettext, imported when first asked for.
    keepsake_words: ClassVar[str] = ""
    # The result page links to the log, where the game is told write by write.
    log_on_result: ClassVar[bool] = True
    # Its printable blank sheet: the player counts it is drawn for (none: no
    # blank sheet), its number of rows and what it holds (French source).
    blank_sheet_players: ClassVar[tuple[int, ...]] = ()
    blank_sheet_rows: ClassVar[int] = 0
    blank_sheet_description: ClassVar[str] = ""
    # Where a stored write names players, by pk, which a file names by seat: the
    # field and how ("keys" of a per-player dict, or its "value").
    player_fields: ClassVar[tuple[tuple[str, str], ...]] = ()

    def result_state(self, state: State) -> State:
        """The game as its result page, its preview image, their race and the
        printed sheet's ranking tell it: its players, unless the kind ranks
        others (teams)."""
        return state

    @cached_property
    def words_module(self) -> Any:
        """The module named by `keepsake_words`."""
        from importlib import import_module

        return import_module(self.keepsake_words)

    @property
    def result_words(self) -> Any:
        """How the result page and its preview say the result (a
        `result_words.ResultWords`): the game's name first by default."""
        from .result_words import OF_ROUNDS

        return OF_ROUNDS

    def sheet_rules(self, options: Mapping[str, object]) -> list[str]:
        """What a player needs to read to fill its printed sheet, a sentence
        each."""
        return list(self.words_module.rules_lines(options))

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.
    # What a band keeps of a game of this kind besides its scores, handed over
    # with each result (`bands` knows no kind): the columns of its table of
    # players, each summing a detail `highlights` counts (or the average score;
    # none: the win rate, the best score and the average), and what they mean.
    band_columns: ClassVar[tuple[DetailColumn, ...]] = ()
    band_note: ClassVar[str] = ""
    # Its way of winning is an option of each game (the highest or the lowest
    # total): the band says which way each was won.
    won_either_way: ClassVar[bool] = False
    # Its players make Yams (`FinalScore.yams`): the band's records count them.
    counts_yams: ClassVar[bool] = False

    @cached_property
    def band_kind(self) -> ResultKind:
        """This kind in the words its band needs to show its results."""
        return ResultKind(
            key=self.key,
            name=self.label,
            either_way=self.won_either_way,
            counts_yams=self.counts_yams,
            columns=self.band_columns,
            note=self.band_note,
        )

    def band_label(self, rules: Any) -> str:
        """The variant a game of these rules is, as its band names it beside
        the kind (a French source string); "" for a kind without variants."""
        return ""

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.

    # The race's latest point may be a round under way (Yams: some players have
    # had their turn in it, others not yet), marked by a line; a kind scored
    # round by round draws rounds played only.
    race_marks_now: ClassVar[bool] = False

    def race_words(self) -> RoundWords:
        """The words of the race's sentence ("depuis la manche 3")."""
        return self.words

    def race_length(self, state: State) -> int | None:
        """How many rounds the whole game lasts when that is known before its
        end (the race is drawn that wide from the first round), or None: the
        race ends at the rounds played."""
        return None


class RoundKind(GameKind):
    """A kind scored round by round (Skyjo, tarot, the free counter): its engine
    is a `rounds.RoundRules` subclass."""

    rules_class: ClassVar[type[rounds.RoundRules]]

    def build_rules(
        self, preset: str, options: Mapping[str, object] | None
    ) -> rounds.RoundRules:
        # A kind without presets has its options only: `preset` is not read.
        return self.rules_class.build(options or {})

    @property
    def min_players(self) -> int:
        return self.rules_class.min_players

    @property
    def max_players(self) -> int:
        return self.rules_class.max_players

    @property
    def option_specs(self) -> tuple[options.OptionSpec, ...]:
        return self.rules_class.option_specs

    def replay(
        self,
        game: Any,
        players: Sequence[PlayerLike],
        written: Sequence[Any],
        last_seq: int,
    ) -> rounds.RoundsGame:
        rules: rounds.RoundRules = game.rules
        return rules.replay(
            players, [row.entry for row in written], closed=game.ended_by_host
        )

    def advanced(
        self, game: Any, state: State, version: int
    ) -> rounds.RoundsGame | None:
        """Every write since `version` was a round recorded (one version each):
        the rounds past those of `state` played on it as the replay would play
        them, one query and no replay. None when anything else changed in
        between (an undo, a name, the end called, the pencil): each of those
        moves the version on without a round, so the counts differ.

        Read outside the lock, an undo and a round written since the game's row
        was read pass the count: the state is then the newer one, as a replay
        read at that moment would be (`Game.state`); a write goes by the locked
        row, where nothing moves."""
        assert isinstance(state, rounds.RoundsGame)
        active = getattr(game, self.written).filter(undone_at__isnull=True)
        new = [row.entry for row in active.order_by("seq")[len(state.rounds) :]]
        if len(new) != game.version - version:
            return None
        for entry in new:
            state = state.play(entry)
        return state

    def kept(self, state: State) -> rounds.RoundsGame:
        assert isinstance(state, rounds.RoundsGame)
        return state.kept()

    def without_last(self, state: State, last: Any) -> rounds.RoundsGame:
        # An undo takes back the end a host had called too: the game goes on.
        assert isinstance(state, rounds.RoundsGame)
        return dataclasses.replace(state.undo(), closed=False)

    def closed(self, state: State, closed: bool) -> rounds.RoundsGame:
        assert isinstance(state, rounds.RoundsGame)
        return dataclasses.replace(state, closed=closed)

    def highlights(self, state: State) -> Mapping[int, Mapping[str, int]]:
        assert isinstance(state, rounds.RoundsGame)
        return state.rules.highlights(state)

    # === the game pages (games/): forms, dialogs, the sheet ===================
    # Hooks of this area go below these two lines.

    # The sheet writes a round's points with their sign (+20, −20), or as a
    # count (Skyjo's cards).
    signed_points: ClassVar[bool] = True

    def preview_rows(
        self, state: rounds.RoundsGame, preview: rounds.Preview
    ) -> list[tuple[str, str, str, str]]:
        """The round dialog's table under the calculation: (who, points this
        round, total before, total after), a row per player unless the kind
        scores otherwise (teams)."""
        return [
            (
                player.name,
                rounds.signed(preview.points[player.pk]),
                numbers.written(preview.totals_before[player.pk]),
                numbers.written(preview.totals_after[player.pk]),
            )
            for player in state.players
        ]

    def round_notes(
        self, state: rounds.RoundsGame, played: rounds.ScoredRound
    ) -> tuple[str, dict[int, tuple[str, str]]]:
        """What the sheet says of a round besides the points, in the page's
        language: (the round in words a newcomer reads, on a line of its own
        above its points, "" for none; {pk: (a mark by the player's points: a
        sign beside them, "×2", or a word under them, "preneur"; what a screen
        reader says of it)})."""
        return "", {}

    def round_summary(
        self, state: rounds.RoundsGame, number: int, played: rounds.ScoredRound
    ) -> str:
        """The round `number` in words, for the banner of the game's pages once
        it is played, in the page's language: who got what, leaving out the
        zeros, "Manche 4 · Léa +12, Tom −3"."""
        given = ", ".join(
            f"{player.name} {rounds.signed(played.points[player.pk])}"
            for player in state.players
            if played.points.get(player.pk)
        )
        return gettext("%(round)s · %(given)s") % {
            "round": self.words.number % {"number": number},
            "given": given or gettext("aucun point"),
        }

    def undo_summary(self, state: rounds.RoundsGame, last: rounds.ScoredRound) -> str:
        """What the undo dialog says of the last round in the page's language,
        instead of every player's points (a round that is one player's move); ""
        lists the points."""
        return ""

    # === what a game leaves behind (keepsakes/): log, CSV, JSON, PDF ============
    # Hooks of this area go below these two lines.

    # Each player's points, signed, until the kind says its rounds its own way.
    keepsake_words: ClassVar[str] = "games.kinds.round_words"
    # Its printed sheet keeps a column for what each round was (tarot: who
    # took, which contract, made or not).
    sheet_notes: ClassVar[bool] = False

    def round_text(self, state: rounds.RoundsGame, round_: rounds.ScoredRound) -> str:
        """What was entered, in a line: "Garde · Ana · faite"."""
        return str(self.words_module.text(state, round_))

    def round_details(
        self, state: rounds.RoundsGame, round_: rounds.ScoredRound
    ) -> str:
        """The rest of what was entered, for whoever checks; "" when the line
        says it all."""
        return str(self.words_module.details(state, round_))

    def points_text(self, points: int) -> str:
        """A round's points as the sheet writes them."""
        return str(self.words_module.points(points))

    def sheet_points(
        self, round_: rounds.ScoredRound, player: PlayerLike, points: int
    ) -> str:
        """A player's points in a round, as the printed sheet writes them."""
        return str(self.words_module.sheet_points(round_, player, points))

    def keepsake_columns(self, state: rounds.RoundsGame) -> list[Column]:
        """The columns of the log, the CSV and the printed sheet, in order: a
        player each, unless the kind scores others (teams, whose partners
        share their points: a column each). The JSON keeps every player's
        points whatever the columns."""
        return [Column(player.name, player) for player in state.players]

    # === the band's history (bands/) ==============================================
    # Hooks of this area go below these two lines.

    # === the race and what is still possible ======================================
    # Hooks of this area go below these two lines.

    def race_length(self, state: State) -> int | None:
        assert isinstance(state, rounds.RoundsGame)
        return state.rules.fixed_rounds
