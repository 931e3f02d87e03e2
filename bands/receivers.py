"""A band follows its games through the signals games sends (games/signals.py):
each receiver hands the news to the band's own model verb. Connected by
`BandsConfig.ready`."""

from django.dispatch import receiver

from bands.models import Band
from games import signals
from games.models import Game


@receiver(signals.game_starting, sender=Game)
def give_the_game_a_band(sender, game, names, **kwargs):
    """A first game starts a band named after its players; a game of a band
    restarts the band's retention period."""
    if game.band_id is None:
        game.band = Band.objects.create_for(names)
    else:
        game.band.touch()


@receiver(signals.game_finished, sender=Game)
def record_the_result(sender, game, state, **kwargs):
    game.band.record_result(game, state)


@receiver(signals.result_reopened, sender=Game)
def forget_the_result(sender, game, **kwargs):
    game.band.forget_result(game)


@receiver(signals.player_renamed, sender=Game)
def rename_in_the_result(sender, game, old_name, new_name, **kwargs):
    game.band.rename_in_result(game, old_name, new_name)


@receiver(signals.game_imported, sender=Game)
def date_the_imported_result(sender, game, **kwargs):
    game.band.date_imported_result(game)
