"""What a Django 3.2 user writes without pgulid, over ulid columns that the
tests create by hand (managed = False)."""

from django.db import models
from django.db.models.fields import AutoFieldMixin


class CharPk(models.Model):
    id = models.CharField(max_length=26, primary_key=True)
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "dj_base_charpk"


class MixinULIDField(AutoFieldMixin, models.CharField):
    empty_strings_allowed = False   # no '' default: None, so save() leaves it out

    def db_type(self, connection):
        return "ulid"


class MixinPk(models.Model):
    id = MixinULIDField(max_length=26, primary_key=True)
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "dj_base_mixinpk"


class UuidPk(models.Model):
    id = models.UUIDField(primary_key=True)
    n = models.IntegerField(default=0)

    class Meta:
        managed = False
        db_table = "dj_base_uuidpk"
