"""Bands keep every kind of game: the kind of each result and which way it was
won, and each player's details (tarot contracts, Skyjo rounds doubled, …).

The rows kept before are Yams results (their preset a Yams variant's key), save
the games of rounds finished since those kinds came (their preset the kind's key):
their kind is derived from the preset, as `bands.models.kind_of` does it then;
Skyjo is always won by the lowest total. Details were not kept: they stay null.
"""

from django.db import migrations, models

ROUND_KINDS = ("skyjo", "tarot", "tally")
LOWER_WINS = ("skyjo",)


def derive_kinds(apps, schema_editor):
    BandGame = apps.get_model("bands", "BandGame")
    for kind in ROUND_KINDS:
        BandGame.objects.filter(preset=kind).update(
            kind=kind, lower_wins=kind in LOWER_WINS
        )


class Migration(migrations.Migration):
    dependencies = [
        ("bands", "0002_bandscore_yams"),
    ]

    operations = [
        migrations.AddField(
            model_name="bandgame",
            name="kind",
            field=models.CharField(default="yams", max_length=20),
        ),
        migrations.AddField(
            model_name="bandgame",
            name="lower_wins",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="bandscore",
            name="details",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(derive_kinds, migrations.RunPython.noop),
    ]
