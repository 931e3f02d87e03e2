"""Guard: every URL of the project answers without a server error."""

import pytest

from tests.helpers import get_every_page, played_game_kwargs


@pytest.mark.django_db
def test_every_url_renders(client):
    seen = 0
    for _route, url, response in get_every_page(client, played_game_kwargs()):
        assert response.status_code < 500, f"{url} answered {response.status_code}"
        if response.status_code == 200 and "text/html" in response.get(
            "Content-Type", ""
        ):
            assert response.content.strip(), url
        seen += 1
    assert seen >= 3
