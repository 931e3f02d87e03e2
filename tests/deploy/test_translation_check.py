"""The translation check CI runs: makemessages finds no string that the English
catalogue lacks or leaves untranslated, and the committed catalogue is untouched."""

import subprocess
import sys

import pytest

from tests.deploy.processes import ROOT, copy_of_sources

CHECK = ROOT / "scripts" / "check-translations.py"
CATALOGUE = ROOT / "locale" / "en" / "LC_MESSAGES" / "django.po"


def check(source):
    return subprocess.run(
        [sys.executable, str(CHECK), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def sources(tmp_path):
    return copy_of_sources(tmp_path)


def test_the_committed_catalogue_passes_and_is_not_rewritten():
    before = CATALOGUE.read_bytes()
    result = check(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert CATALOGUE.read_bytes() == before


def test_a_new_string_without_translation_fails_the_check(sources):
    template = sources / "templates" / "untranslated_probe.jinja"
    template.write_text('{{ _("Une phrase que personne n’a traduite") }}\n')
    result = check(sources)
    assert result.returncode == 1
    assert "Une phrase que personne n’a traduite" in result.stdout
    assert "templates/untranslated_probe.jinja:1" in result.stdout


def test_the_strings_of_trans_blocks_plurals_and_contexts_are_read_too(sources):
    template = sources / "templates" / "untranslated_probe.jinja"
    template.write_text(
        "<p>{% trans name=who %}Sonde {{ name }} sans traduction{% endtrans %}</p>\n"
        "<p>{% trans n=count %}{{ n }} sonde{% pluralize n %}{{ n }} sondes"
        "{% endtrans %}</p>\n"
        '<p>{{ pgettext("probe", "Sonde en contexte") }}</p>\n'
    )
    result = check(sources)
    assert result.returncode == 1
    assert "'Sonde %(name)s sans traduction'" in result.stdout
    assert "templates/untranslated_probe.jinja:1" in result.stdout
    assert "'%(n)s sonde'" in result.stdout
    assert "templates/untranslated_probe.jinja:2" in result.stdout
    assert "'Sonde en contexte'" in result.stdout
    assert "templates/untranslated_probe.jinja:3" in result.stdout


def test_an_emptied_translation_fails_the_check(sources):
    catalogue = sources / "locale" / "en" / "LC_MESSAGES" / "django.po"
    text = catalogue.read_text()
    catalogue.write_text(text.replace('msgstr "Bands"', 'msgstr ""', 1))
    result = check(sources)
    assert result.returncode == 1
    assert "not translated" in result.stdout and "'Bandes'" in result.stdout
