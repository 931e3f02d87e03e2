"""A band's history filled in bulk, straight into its rows."""

from django.utils import timezone

from bands.models import BandGame, BandScore, person_keys


def add_results(band, count, names):
    """`count` results straight into the band's history rows (for sizes that would
    be slow to play box by box); scores 10, 20, … in seating order."""
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
