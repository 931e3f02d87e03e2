"""A result keeps its kind in the words its game handed over (the band knows no
kind by itself): its name, whether its way of winning is the game's choice,
whether its players make Yams, the columns of its table of players and what
they count. The variant's label is empty for a kind without variants.

The rows kept before get the words the band page showed them with: the kinds
and their words as they were when this migration was written, frozen here.
The preset goes: the kind and the variant's label say what was played.
"""

from django.db import migrations, models

TAROT_COLUMNS = [
    {"key": "taken", "label": "Prises", "title": "Donnes prises", "how": "sum"},
    {"key": "made", "label": "Réussies", "title": "Contrats réussis", "how": "sum"},
    {
        "key": "made",
        "label": "%",
        "title": "Pourcentage de contrats réussis",
        "how": "percent",
        "of": "taken",
    },
]
SKYJO_COLUMNS = [
    {"key": "", "label": "Moy.", "title": "Score moyen", "how": "average"},
    {
        "key": "best_round",
        "label": "Manche",
        "title": "Meilleure manche (la plus basse)",
        "how": "lowest",
    },
    {
        "key": "doubled",
        "label": "Doublées",
        "title": "Manches finies par le joueur et doublées",
        "how": "sum",
    },
]
WORDS = {
    "yams": {"kind_name": "Yams", "counts_yams": True},
    "skyjo": {
        "kind_name": "Skyjo",
        "columns": SKYJO_COLUMNS,
        "note": (
            "Manche : ses points les plus bas en une manche. Doublées : les "
            "manches qu'il a finies et où ses points ont été doublés."
        ),
    },
    "tarot": {
        "kind_name": "Tarot",
        "columns": TAROT_COLUMNS,
        "note": (
            "Prises : les donnes où le joueur a pris (l'appelé n'en prend pas). "
            "Réussies : les contrats qu'il a faits."
        ),
    },
    "tally": {"kind_name": "Compteur libre", "either_way": True},
}
# Kinds without variants: their label was their name.
WITHOUT_VARIANTS = ("skyjo", "tarot", "tally")


def give_words(apps, schema_editor):
    BandGame = apps.get_model("bands", "BandGame")
    for kind, words in WORDS.items():
        BandGame.objects.filter(kind=kind).update(**words)
    BandGame.objects.filter(kind__in=WITHOUT_VARIANTS).update(label="")


def take_words_back(apps, schema_editor):
    BandGame = apps.get_model("bands", "BandGame")
    for kind in WITHOUT_VARIANTS:
        BandGame.objects.filter(kind=kind).update(
            label=WORDS[kind]["kind_name"], preset=kind
        )


class Migration(migrations.Migration):
    dependencies = [
        ("bands", "0003_kinds"),
    ]

    operations = [
        migrations.AddField(
            model_name="bandgame",
            name="kind_name",
            field=models.CharField(default="", max_length=80),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="bandgame",
            name="either_way",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="bandgame",
            name="counts_yams",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="bandgame",
            name="columns",
            field=models.JSONField(default=list),
        ),
        migrations.AddField(
            model_name="bandgame",
            name="note",
            field=models.TextField(blank=True),
        ),
        migrations.AlterField(
            model_name="bandgame",
            name="label",
            field=models.CharField(blank=True, max_length=80),
        ),
        # The schema changes that follow are in 0005: PostgreSQL refuses to
        # alter a table whose rows this transaction has just updated.
        migrations.RunPython(give_words, take_words_back),
    ]
