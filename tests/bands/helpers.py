"""A band's history filled in bulk, straight into its rows."""

from django.utils import timezone

from bands.models import BandGame, BandScore, person_keys
from games.kinds import registry
from tests.factories import CROSS, MADE, count, make_game, moves_to_finish

# Each kind as a finished game of it hands itself over to its band.
YAMS, SKYJO, TAROT, TALLY = (
    registry.get(key).band_kind for key in ("yams", "skyjo", "tarot", "tally")
)


def add_results(band, count, names):
    """`count` results straight into the band's history rows (for sizes that would
    be slow to play box by box); scores 10, 20, … in seating order."""
    for index in range(count):
        result = BandGame.objects.create(
            band=band,
            game_id=10_000 + index,
            played_at=timezone.now(),
            kind="yams",
            kind_name="Yams",
            counts_yams=True,
            label="Classique",
        )
        scores = [10 * (seat + 1) for seat in range(len(names))]
        BandScore.objects.bulk_create(
            BandScore(
                band_game=result,
                name=name,
                name_key=key,
                seat=seat,
                score=score,
                rank=1 + sum(1 for other in scores if other > score),
                won=score == max(scores),
            )
            for seat, (name, key, score) in enumerate(
                zip(names, person_keys(names), scores, strict=True)
            )
        )


def play_game(names, scores, band=None, preset="classic", yams=(), further=()):
    """A game played to its end through the models, each player on `scores` (0 to
    90, as `tests.factories.finish` makes them) plus 50 for a Yams made by each
    name in `yams`, and 20 + 100 for a further Yams in the fours by each name in
    `further` (yahtzee; their score must leave the fours empty). The Yams come
    first: a further Yams needs the Yams box filled. Returns (game, host_token)."""
    game, host_token = make_game(names, preset, band=band)
    moves = moves_to_finish(game, dict(zip(names, scores, strict=True)))
    moves.sort(key=lambda move: move[2] != "yams")  # stable: rounds stay whole
    for player, column, box, entry in moves:
        if box == "yams" and player.name in yams:
            entry = MADE
        elif box == "fours" and player.name in further:
            assert entry == CROSS, f"{player.name}'s fours are taken"
            entry = {**count(5), "extra_yams": True}
        game.record(player.pk, column, box, entry)
    game.refresh_from_db()
    assert game.finished_at is not None
    return game, host_token
