import pytest

from tests.factories import count, make_game, play


@pytest.fixture
def game_with_pencil():
    """A game of Sarah and Hugo, one box played, its pencil with Léa:
    (game, host_token, pencil_token)."""
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    pencil_token = game.pass_pencil(host_token, "Léa")
    return game, host_token, pencil_token
