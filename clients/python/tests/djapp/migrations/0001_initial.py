from django.db import migrations, models

import pgulid.django


class Migration(migrations.Migration):

    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Book",
            fields=[
                ("code", models.CharField(max_length=26, primary_key=True, serialize=False)),
                ("title", models.CharField(max_length=100)),
            ],
        ),
        migrations.CreateModel(
            name="Chapter",
            fields=[
                ("id", models.AutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("book", models.ForeignKey(on_delete=models.deletion.CASCADE, to="djapp.book")),
                ("ref", models.CharField(max_length=26, unique=True)),
                ("tag", models.CharField(max_length=26, db_index=True, null=True)),
            ],
        ),
        migrations.CreateModel(
            name="Order",
            fields=[
                ("id", pgulid.django.ULIDAutoField(primary_key=True, serialize=False)),
                ("ref", pgulid.django.ULIDField(default=pgulid.django.GenUlid())),
                ("note", pgulid.django.ULIDField(blank=True, null=True)),
                ("n", models.IntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name="Line",
            fields=[
                ("id", pgulid.django.ULIDAutoField(primary_key=True, serialize=False)),
                ("order", models.ForeignKey(on_delete=models.deletion.CASCADE, to="djapp.order")),
                ("n", models.IntegerField(default=0)),
            ],
        ),
    ]
