"""The examples in README.md, run as they are written there (each block
after a "<!-- example: NAME -->" line), with the names they assume."""

import os
import re
import uuid

import pytest

from conftest import KNOWN, KNOWN_UUID

README = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
EXAMPLES = dict(re.findall(r"<!-- example: (\w+) -->\n```python\n(.*?)```", README, re.S))


def test_every_library_has_an_example():
    assert sorted(EXAMPLES) == ["django", "psycopg", "psycopg2", "sqlalchemy"]
    assert all(len(code.strip().splitlines()) == 3 for code in EXAMPLES.values())


@pytest.fixture
def orders():
    import psycopg
    with psycopg.connect(autocommit=True) as c:
        c.execute("DROP TABLE IF EXISTS orders")
        c.execute("CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric)")
        c.execute("INSERT INTO orders (id, total) VALUES (%s, 1), (gen_ulid(), 2)", [KNOWN])
        yield
        c.execute("DROP TABLE IF EXISTS orders")


def test_psycopg_example(orders):
    import psycopg
    from pgulid import ULID
    with psycopg.connect() as conn:
        ns = {"conn": conn, "some_uuid": KNOWN_UUID}
        exec(EXAMPLES["psycopg"], ns)
        row = ns["row"]
        assert type(row[0]) is ULID and row[0] == KNOWN
        assert row[0].uuid == KNOWN_UUID
        assert row[0].datetime == conn.execute("SELECT %s::ulid::timestamptz", [KNOWN]).fetchone()[0]


def test_psycopg2_example(orders):
    import psycopg2
    from pgulid import ULID
    conn = psycopg2.connect("")
    try:
        ns = {"conn": conn, "cur": conn.cursor()}
        exec(EXAMPLES["psycopg2"], ns)
        ids = ns["ids"]
        assert len(ids) == 2 and all(type(i) is ULID for i in ids) and ids[0] == KNOWN
    finally:
        conn.close()


def test_sqlalchemy_example(orders):
    import sqlalchemy as sa
    from sqlalchemy import orm
    from pgulid import ULID
    Base = orm.declarative_base()
    ns = {"Base": Base, "Column": sa.Column}
    exec(EXAMPLES["sqlalchemy"], ns)
    Order = ns["Order"]
    engine = sa.create_engine("postgresql+psycopg2://", future=True)
    try:
        with engine.begin() as c:
            c.execute(sa.text("DROP TABLE orders"))
        Base.metadata.create_all(engine)
        with orm.Session(engine, future=True) as s:
            order = Order()
            s.add(order)
            s.flush()
            assert type(order.id) is ULID
            assert s.get(Order, order.id.lower()) is order
        with engine.connect() as c:
            assert c.execute(sa.text("SELECT format_type(atttypid, NULL) FROM pg_attribute"
                                     " WHERE attrelid = 'orders'::regclass AND attname = 'id'")).scalar() == "ulid"
    finally:
        engine.dispose()


def test_django_example():
    import test_django  # noqa: F401  (configures Django and migrates djapp)
    from django.db import connection, models
    from django.test.utils import isolate_apps
    from pgulid import ULID
    with isolate_apps("djbaseline"):
        ns = {"models": models, "__name__": "djbaseline.models"}
        exec(EXAMPLES["django"], ns)
        Order = ns["Order"]
        with connection.schema_editor() as editor:
            editor.create_model(Order)
        try:
            made = Order.objects.create()
            bulk = Order.objects.bulk_create([Order(), Order()])
            assert all(type(o.id) is ULID for o in [made, *bulk])
            assert Order.objects.get(pk=uuid.UUID(bytes=ULID(made.id).bytes)) == made
        finally:
            with connection.schema_editor() as editor:
                editor.delete_model(Order)
