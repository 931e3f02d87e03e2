"""Games of rounds played through the model's verbs, for the keepsakes tests."""

from games.models import Game
from tests.factories import pks


def tarot_game(names=("Ana", "Bruno", "Chloé", "David"), deals=None, end=True):
    """A tarot game of four deals: a Garde made by Ana (worked example of the
    rules: 2 bouts, 49 points, petit au bout and a poignée: Ana +318), a deal
    passed, a Prise Bruno failed, a Garde sans Chloé made; ended by the host."""
    options = {"deals": deals} if deals else {}
    game, host = Game.objects.create_game(list(names), options=options, kind="tarot")
    p = pks(game)
    for entry in deals_of(p, names) if deals is None else deals_of(p, names)[:deals]:
        game.record_round(entry)
    if end and deals is None:
        game.end()
    return game, host


def deals_of(p, names):
    """The four deals; at five players Ana calls the fifth player, the others
    call their own king (no partner)."""
    ana, bruno, chloe = (p[n] for n in names[:3])
    deals = [
        {
            "taker": ana,
            "contract": "garde",
            "bouts": 2,
            "points": 49,
            "petit_au_bout": "taker",
            "poignees": [{"size": "simple", "side": "taker"}],
        },
        {"passed": True},
        {"taker": bruno, "contract": "prise", "bouts": 1, "points": 40.5},
        {"taker": chloe, "contract": "garde_sans", "bouts": 3, "points": 36},
    ]
    if len(names) == 5:
        for deal, partner in zip(deals, (p[names[4]], None, None, None), strict=True):
            if "taker" in deal:
                deal["partner"] = partner
    return deals


def skyjo_game(names=("Léa", "Tom", "Zoé"), limit=30):
    """A Skyjo game to 30: Zoé ends round 1 tied for lowest (doubled, 6), Léa
    ends round 2 lowest; round 3 takes Tom past the limit. Léa wins (lowest)."""
    game, host = Game.objects.create_game(
        list(names), options={"limit": limit}, kind="skyjo"
    )
    p = pks(game)
    lea, tom, zoe = (p[n] for n in names)
    game.record_round({"cards": {lea: 3, tom: 12, zoe: 3}, "finisher": zoe})
    game.record_round({"cards": {lea: -2, tom: 9, zoe: 5}, "finisher": lea})
    game.record_round({"cards": {lea: 4, tom: 11, zoe: 8}, "finisher": tom})
    return game, host


def tally_game(names=("Sarah", "Hugo"), end=True):
    """A free count: Sarah 5, Hugo −3; then Hugo 10 only (Sarah 0). Hugo wins."""
    game, host = Game.objects.create_game(list(names), kind="tally")
    p = pks(game)
    game.record_round({"points": {p[names[0]]: 5, p[names[1]]: -3}})
    game.record_round({"points": {p[names[1]]: 10}})
    if end:
        game.end()
    return game, host
