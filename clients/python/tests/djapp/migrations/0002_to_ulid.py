from django.db import migrations

import pgulid.django


class Migration(migrations.Migration):

    dependencies = [("djapp", "0001_initial")]

    operations = [
        pgulid.django.AlterToULID(
            model_name="book", name="code",
            field=pgulid.django.ULIDAutoField(primary_key=True, serialize=False),
        ),
        pgulid.django.AlterToULID(
            model_name="chapter", name="ref",
            field=pgulid.django.ULIDField(unique=True),
        ),
        pgulid.django.AlterToULID(
            model_name="chapter", name="tag",
            field=pgulid.django.ULIDField(db_index=True, null=True),
        ),
    ]
