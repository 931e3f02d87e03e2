from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

from tests.factories import make_game

PO = Path(__file__).resolve().parents[2] / "locale" / "en" / "LC_MESSAGES" / "django.po"


def test_the_english_catalogue_is_complete():
    po = polib.pofile(str(PO))
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []


def test_short_and_long_box_labels_translate_apart():
    with translation.override("en"):
        assert gettext("Carré") == "Four of a kind"
        assert pgettext("abréviation", "Carré") == "4-kind"


@pytest.mark.django_db
def test_the_host_page_speaks_english_when_the_browser_asks(client):
    game, host_token = make_game()
    html = client.get(
        f"/h/{host_token}/", headers={"accept-language": "en"}
    ).content.decode()
    assert 'lang="en"' in html
    assert "Sarah" in html
    assert "À Sarah de jouer" not in html
    french = client.get(f"/h/{host_token}/").content.decode()
    assert "À Sarah de jouer" in french
