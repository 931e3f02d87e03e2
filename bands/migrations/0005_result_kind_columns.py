# The preset a result was filed by is gone: the kind and its words say it all
# (0004 filled them). Apart from 0004 because PostgreSQL refuses to alter a table
# in the transaction that updated its rows.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("bands", "0004_result_kind"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="bandgame",
            name="preset",
        ),
        migrations.AlterField(
            model_name="bandgame",
            name="kind",
            field=models.CharField(max_length=20),
        ),
    ]
