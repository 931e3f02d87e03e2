"""Finishing games quickly, through the same model methods as the app."""

UPPER = [
    ("sixes", 6),
    ("fives", 5),
    ("fours", 4),
    ("threes", 3),
    ("twos", 2),
    ("ones", 1),
]


def entries_for(score):
    """{box: entry} for a classic sheet worth exactly `score` (0 to 90), every other
    box crossed: the chance takes up to 30, the upper boxes the rest (below the
    bonus)."""
    entries = {}
    chance = min(score, 30) if score >= 5 else 0
    if chance:
        entries["chance"] = {"kind": "total", "value": chance}
    rest = score - chance
    for box, face in UPPER:
        count = min(5, rest // face)
        if count:
            entries[box] = {"kind": "count", "value": count}
            rest -= count * face
    assert rest == 0 and score - chance < 63, f"cannot make {score}"
    return entries


def moves_to_finish(game, scores):
    """Every remaining move of a classic game, in turn order, so that each player
    ends on scores[name]."""
    players = list(game.players.all())
    done = {(e.player_id, e.box) for e in game.entries.filter(undone_at__isnull=True)}
    plans = {p.pk: entries_for(scores[p.name]) for p in players}
    moves = []
    for box in game.variant.boxes:
        for player in players:
            if (player.pk, box.key) in done:
                continue
            entry = plans[player.pk].get(box.key, {"kind": "cross"})
            moves.append((player, "free", box.key, entry))
    return moves


def finish(game, scores, leave=0):
    """Plays a classic game to its end (or to `leave` moves from it)."""
    moves = moves_to_finish(game, scores)
    for player, column, box, entry in moves[: len(moves) - leave]:
        game.record(player.pk, column, box, entry)
    game.refresh_from_db()
    return game


def play_finished(names, scores, band=None, **kwargs):
    """A new classic game of `names` finished on `scores`: (game, host_token)."""
    from tests.factories import make_game

    game, host_token = make_game(names, band=band, **kwargs)
    finish(game, dict(zip(names, scores, strict=True)))
    return game, host_token


def add_results(band, count, names):
    """`count` results straight into the band's history rows (for sizes that would
    be slow to play box by box); scores 10, 20, … in seating order."""
    from django.utils import timezone

    from bands.models import BandGame, BandScore, person_keys

    for index in range(count):
        result = BandGame.objects.create(
            band=band,
            game_id=10_000 + index,
            played_at=timezone.now(),
            preset="classic",
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
