"""pgulid.django: Django 3.2 (psycopg2) or 4.2 (psycopg 3) with and without
pgulid, in a small project configured here (apps djapp and djbaseline in
this folder)."""

import os
import uuid

import django
from django.conf import settings

settings.configure(
    DATABASES={"default": {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": os.environ.get("PGDATABASE", ""),
        "HOST": os.environ.get("PGHOST", ""),
        "PORT": os.environ.get("PGPORT", ""),
        "USER": os.environ.get("PGUSER", ""),
    }},
    INSTALLED_APPS=["djapp", "djbaseline"],
    USE_TZ=True,
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
)
django.setup()

import pytest  # noqa: E402
from django.core import exceptions  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import migrations, transaction, IntegrityError, DataError, ProgrammingError, connection  # noqa: E402
from django.db.migrations.executor import MigrationExecutor  # noqa: E402

from pgulid import ULID  # noqa: E402
from pgulid.django import GenUlid, ULIDAutoField, ULIDField  # noqa: E402
from conftest import KNOWN, KNOWN_UUID  # noqa: E402

from djapp.models import Book, Chapter, Line, Order  # noqa: E402
from djbaseline.models import CharPk, MixinPk, UuidPk  # noqa: E402


def sql(query, params=None):
    with connection.cursor() as cur:
        cur.execute(query, params)
        return cur.fetchall() if cur.description else None


def column(table, name):
    return sql("SELECT format_type(atttypid, atttypmod), pg_get_expr(adbin, adrelid)"
               " FROM pg_attribute LEFT JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum"
               " WHERE attrelid = %s::regclass AND attname = %s", [table, name])[0]


def pattern_indexes(table):
    return sql("SELECT count(*) FROM pg_index i JOIN pg_opclass o ON o.oid = ANY (i.indclass::oid[])"
               " WHERE i.indrelid = %s::regclass AND o.opcname LIKE '%%pattern_ops'", [table])[0][0]


BOOKS = ["01ARYZ6S41TSV4RRFFQ69G5FA%s" % c for c in "0123"]


@pytest.fixture(scope="module", autouse=True)
def project():
    call_command("migrate", "djapp", "zero", verbosity=0)
    call_command("migrate", "djapp", "0001", verbosity=0)
    # rows written while the keys were varchar, in lower case
    for i, code in enumerate(BOOKS):
        sql("INSERT INTO djapp_book (code, title) VALUES (%s, %s)", [code.lower(), "book %d" % i])
        sql("INSERT INTO djapp_chapter (book_id, ref, tag) VALUES (%s, %s, %s)",
            [code.lower(), ULID(bytes([i]) * 16).lower(), None if i else KNOWN.lower()])
    sql("CREATE TABLE dj_base_charpk (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4 NOT NULL)")
    sql("CREATE TABLE dj_base_mixinpk (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4 NOT NULL)")
    sql("CREATE TABLE dj_base_uuidpk (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4 NOT NULL)")
    yield
    call_command("migrate", "djapp", "zero", verbosity=0)
    sql("DROP TABLE dj_base_charpk, dj_base_mixinpk, dj_base_uuidpk, django_migrations")


def test_the_driver_is_psycopg2_before_django_4_2_then_psycopg_3():
    # clients/run.sh installs both; Django 4.2 takes psycopg 3 when it imports
    assert connection.Database.__name__ == ("psycopg2" if django.VERSION < (4, 2) else "psycopg")


# --- migrations ---

def test_plain_AlterField_and_the_LIKE_index_of_a_foreign_key():
    from_state = MigrationExecutor(connection).loader.project_state(("djapp", "0001_initial"))
    to_state = from_state.clone()
    op = migrations.AlterField("book", "code", ULIDAutoField(primary_key=True, serialize=False))
    op.state_forwards("djapp", to_state)
    assert pattern_indexes("djapp_chapter") == 3   # book_id, ref, tag
    if django.VERSION < (4, 2):
        # Django 3.2 drops the varchar_pattern_ops index of the column it
        # alters, not those of the foreign keys that follow it to the new type
        with pytest.raises(ProgrammingError, match='operator class "varchar_pattern_ops" does not accept data type ulid'):
            with connection.schema_editor() as editor:
                op.database_forwards("djapp", editor, from_state, to_state)
    else:
        # Django 4.2 drops it in _alter_column_type_sql(), which it calls for
        # the foreign keys too (ticket #34027): the change goes through, but
        # sets no default; rolled back for the next test
        with transaction.atomic():
            with connection.schema_editor() as editor:
                op.database_forwards("djapp", editor, from_state, to_state)
            assert column("djapp_book", "code") == ("ulid", None)
            assert column("djapp_chapter", "book_id") == ("ulid", None)
            assert pattern_indexes("djapp_chapter") == 2   # ref, tag
            transaction.set_rollback(True)
    assert column("djapp_book", "code")[0] == "character varying(26)"
    assert pattern_indexes("djapp_chapter") == 3


def test_AlterToULID_migrates_keys_foreign_keys_and_indexed_columns():
    call_command("migrate", "djapp", "0002", verbosity=0)
    assert column("djapp_book", "code") == ("ulid", "gen_ulid()")
    assert column("djapp_chapter", "book_id") == ("ulid", None)
    assert column("djapp_chapter", "ref") == ("ulid", None)
    assert column("djapp_chapter", "tag") == ("ulid", None)
    assert pattern_indexes("djapp_chapter") == 0 and pattern_indexes("djapp_book") == 0
    # the data came along, canonical now, and the foreign key still holds
    assert [b.code for b in Book.objects.order_by("code")] == BOOKS
    assert Chapter.objects.get(tag=KNOWN).book_id == BOOKS[0]
    with pytest.raises(IntegrityError):
        sql("INSERT INTO djapp_chapter (book_id, ref) VALUES (%s, gen_ulid())", [KNOWN])
    # the index on tag and the unique one on ref are there, on ulid
    assert Chapter.objects.filter(ref=ULID(b"\x01" * 16)).count() == 1
    with pytest.raises(IntegrityError):
        sql("INSERT INTO djapp_chapter (book_id, ref) VALUES (%s, %s)", [BOOKS[0], ULID(b"\x01" * 16)])
    # new books get their key from the database
    book = Book.objects.create(title="new")
    assert type(book.code) is ULID and book.code > BOOKS[-1]


def test_the_models_agree_with_the_migrations():
    # makemigrations finds nothing to do: the fields deconstruct as written
    call_command("makemigrations", "djapp", check=True, dry_run=True, verbosity=0)


def test_created_tables_have_ulid_columns_and_the_default():
    assert column("djapp_order", "id") == ("ulid", "gen_ulid()")
    assert column("djapp_order", "ref") == ("ulid", None)
    assert column("djapp_line", "order_id") == ("ulid", None)


# --- the frictions without pgulid ---

def test_without_pgulid_a_CharField_key_sends_an_empty_string():
    with pytest.raises(DataError, match='invalid input syntax for type ulid: ""'):
        CharPk.objects.create(n=1)


def test_without_pgulid_AutoFieldMixin_bulk_create_sends_null():
    obj = MixinPk.objects.create(n=1)     # save() leaves the key out
    assert obj.id is not None
    with pytest.raises(IntegrityError, match='null value in column "id"'):
        MixinPk.objects.bulk_create([MixinPk(n=2)])


def test_without_pgulid_UUIDField_rejects_the_ulid_text():
    with pytest.raises(exceptions.ValidationError):
        UuidPk(id=KNOWN, n=1).full_clean()


# --- with pgulid ---

def test_create_gets_the_key_and_ref_from_the_database():
    order = Order.objects.create(n=1)
    assert type(order.id) is ULID and type(order.ref) is ULID
    assert order.id != order.ref
    assert sql("SELECT id::text, ref::text FROM djapp_order WHERE n = 1") == [(order.id, order.ref)]


def test_bulk_create_gets_keys_from_the_database():
    orders = Order.objects.bulk_create([Order(n=10 + i) for i in range(5)])
    ids = [o.id for o in orders]
    assert all(type(i) is ULID for i in ids) and len(set(ids)) == 5
    assert all(type(o.ref) is ULID for o in orders)
    assert dict(sql("SELECT n, id::text FROM djapp_order WHERE n >= 10")) == {10 + i: ids[i] for i in range(5)}
    lines = Line.objects.bulk_create([Line(order=o, n=o.n) for o in orders])
    assert all(type(line.id) is ULID for line in lines)
    assert Line.objects.filter(order__n__gte=10).count() == 5


def test_bulk_create_with_keys_given_in_any_form():
    given = [KNOWN.lower(), uuid.UUID(bytes=b"\x11" * 16), b"\x12" * 16, ULID(b"\x13" * 16)]
    Order.objects.bulk_create([Order(id=k, n=100) for k in given])
    got = sql("SELECT id::uuid FROM djapp_order WHERE n = 100 ORDER BY id")
    assert [r[0].bytes for r in got] == [KNOWN_UUID.bytes, b"\x11" * 16, b"\x12" * 16, b"\x13" * 16]


@pytest.mark.parametrize("key", [KNOWN, KNOWN.lower(), KNOWN_UUID, KNOWN_UUID.bytes, ULID(KNOWN)],
                         ids=["str", "lower", "uuid", "bytes", "ULID"])
def test_lookups_by_every_form(key):
    order = Order.objects.get(n=100, id=KNOWN)
    assert Order.objects.get(pk=key) == order
    assert Order.objects.filter(pk__in=[key, b"\x11" * 16]).count() == 2
    assert Order.objects.filter(pk__lte=key, n=100).count() == 1
    Line.objects.create(order_id=key, n=200)
    assert Line.objects.get(order=key, n=200).order_id == KNOWN
    Line.objects.filter(n=200).delete()


def test_assignment_gives_the_canonical_text():
    order = Order(id=KNOWN_UUID, note=KNOWN.lower())
    assert type(order.id) is ULID and order.id == KNOWN
    assert order.note == KNOWN
    order.note = KNOWN_UUID.bytes
    assert order.note == KNOWN


def test_full_clean_takes_ulid_text_and_uuid_and_rejects_the_rest():
    fresh = ULID(b"\x21" * 16).lower()
    Order(id=fresh, note=KNOWN_UUID, n=1).full_clean()
    Order(note=KNOWN.lower()).full_clean()
    with pytest.raises(exceptions.ValidationError) as e:
        Order(id=fresh, note="01ARYZ6S41TSV4RRFFQ69G5FAU").full_clean()
    assert list(e.value.message_dict) == ["note"]


def test_GenUlid_as_a_value():
    order = Order.objects.create(n=300, note=GenUlid())
    order.refresh_from_db()
    assert type(order.note) is ULID and order.note > order.id
    assert Order.objects.filter(n=300).update(note=GenUlid()) == 1


def test_ULIDAutoField_as_DEFAULT_AUTO_FIELD():
    from django.db import models
    from django.test.utils import isolate_apps, override_settings
    with isolate_apps("djbaseline"), override_settings(DEFAULT_AUTO_FIELD="pgulid.django.ULIDAutoField"):
        class Auto(models.Model):
            class Meta:
                app_label = "djbaseline"
        assert type(Auto._meta.pk) is ULIDAutoField
        assert Auto.check() == []
