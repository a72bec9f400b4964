"""The test project's models, as 0002_to_ulid leaves them."""

from django.db import models

from pgulid.django import GenUlid, ULIDAutoField, ULIDField


class Book(models.Model):
    # 0001 made this a CharField primary key; 0002 turns it into ulid
    code = ULIDAutoField(primary_key=True)
    title = models.CharField(max_length=100)


class Chapter(models.Model):
    book = models.ForeignKey(Book, models.CASCADE)
    ref = ULIDField(unique=True)
    tag = ULIDField(db_index=True, null=True)


class Order(models.Model):
    id = ULIDAutoField(primary_key=True)
    ref = ULIDField(default=GenUlid())
    note = ULIDField(null=True, blank=True)
    n = models.IntegerField(default=0)


class Line(models.Model):
    id = ULIDAutoField(primary_key=True)
    order = models.ForeignKey(Order, models.CASCADE)
    n = models.IntegerField(default=0)
