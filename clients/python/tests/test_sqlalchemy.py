"""pgulid.sqlalchemy: SQLAlchemy 1.4 with psycopg2, with and without pgulid."""

import uuid

import pytest
import sqlalchemy as sa
from sqlalchemy import orm
from sqlalchemy.types import TypeDecorator

from pgulid import ULID as ULIDValue
from pgulid.sqlalchemy import ULID, gen_ulid
from conftest import KNOWN, KNOWN_UUID


@pytest.fixture
def engine():
    eng = sa.create_engine("postgresql+psycopg2://", future=True)
    yield eng
    eng.dispose()


@pytest.fixture
def metadata(engine):
    md = sa.MetaData()
    yield md
    md.drop_all(engine)


def column_type(engine, table, column):
    with engine.connect() as c:
        return c.execute(sa.text("SELECT format_type(atttypid, atttypmod) FROM pg_attribute"
                                 " WHERE attrelid = :t ::regclass AND attname = :c"),
                         {"t": table, "c": column}).scalar_one()


def test_without_pgulid_a_TypeDecorator_of_String_makes_varchar(engine, metadata):
    class ByHand(TypeDecorator):
        impl = sa.String(26)
        cache_ok = True
    sa.Table("sa_byhand", metadata, sa.Column("id", ByHand, primary_key=True))
    metadata.create_all(engine)
    assert column_type(engine, "sa_byhand", "id") == "character varying(26)"


def test_create_all_makes_a_ulid_column_with_gen_ulid(engine, metadata):
    sa.Table("sa_items", metadata,
             sa.Column("id", ULID, primary_key=True, server_default=gen_ulid()),
             sa.Column("n", sa.Integer))
    metadata.create_all(engine)
    assert column_type(engine, "sa_items", "id") == "ulid"
    with engine.connect() as c:
        default = c.execute(sa.text("SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef"
                                    " WHERE adrelid = 'sa_items'::regclass")).scalar_one()
    assert default == "gen_ulid()"


def test_reflection_recognises_ulid(engine, metadata):
    with engine.begin() as c:
        c.execute(sa.text("DROP TABLE IF EXISTS sa_reflected"))
        c.execute(sa.text("CREATE TABLE sa_reflected (id ulid PRIMARY KEY, ids ulid[])"))
    reflected = sa.MetaData()
    t = sa.Table("sa_reflected", reflected, autoload_with=engine)
    try:
        assert isinstance(t.c.id.type, ULID)
        assert isinstance(t.c.ids.type.item_type, ULID)
    finally:
        with engine.begin() as c:
            c.execute(sa.text("DROP TABLE sa_reflected"))


def test_reflection_without_pgulid_is_NullType(engine):
    # what SQLAlchemy does with no entry for ulid (pgulid adds one on import)
    from sqlalchemy.dialects.postgresql.base import ischema_names
    with engine.begin() as c:
        c.execute(sa.text("DROP TABLE IF EXISTS sa_nulltype"))
        c.execute(sa.text("CREATE TABLE sa_nulltype (id ulid PRIMARY KEY)"))
    saved = ischema_names.pop("ulid", None)
    try:
        with pytest.warns(sa.exc.SAWarning, match="Did not recognize type 'ulid'"):
            t = sa.Table("sa_nulltype", sa.MetaData(), autoload_with=engine)
        assert isinstance(t.c.id.type, sa.types.NullType)
    finally:
        if saved is not None:
            ischema_names["ulid"] = saved
        with engine.begin() as c:
            c.execute(sa.text("DROP TABLE sa_nulltype"))


@pytest.mark.parametrize("key", [KNOWN, KNOWN.lower(), KNOWN_UUID, KNOWN_UUID.bytes],
                         ids=["str", "lower", "uuid", "bytes"])
def test_core_round_trip_in_canonical_case(engine, metadata, key):
    t = sa.Table("sa_core", metadata,
                 sa.Column("id", ULID, primary_key=True, server_default=gen_ulid()),
                 sa.Column("n", sa.Integer))
    metadata.create_all(engine)
    with engine.begin() as c:
        new = c.execute(t.insert().values(id=key, n=1).returning(t.c.id)).scalar_one()
        generated = c.execute(t.insert().values(n=2).returning(t.c.id)).scalar_one()
        assert type(new) is ULIDValue and new == KNOWN
        assert type(generated) is ULIDValue and generated > new
        assert c.execute(sa.select(t.c.n).where(t.c.id == key)).scalar_one() == 1
        assert c.execute(sa.select(sa.func.count()).where(t.c.id.in_([key, generated]))).scalar_one() == 2
        assert c.execute(sa.select(gen_ulid())).scalar_one() > generated


class Base(orm.declarative_base()):
    __abstract__ = True


class Item(Base):
    __tablename__ = "sa_orm_items"
    id = sa.Column(ULID, primary_key=True, server_default=gen_ulid())
    n = sa.Column(sa.Integer)


class PlainItem(Base):
    # the same table mapped by hand, as without pgulid
    __tablename__ = "sa_orm_plain"
    id = sa.Column(sa.String, primary_key=True)
    n = sa.Column(sa.Integer)


@pytest.fixture
def orm_tables(engine):
    Base.metadata.create_all(engine, tables=[Item.__table__])
    with engine.begin() as c:
        c.execute(sa.text("CREATE TABLE sa_orm_plain (id ulid PRIMARY KEY, n int4)"))
    yield
    with engine.begin() as c:
        c.execute(sa.text("DROP TABLE sa_orm_plain"))
    Base.metadata.drop_all(engine, tables=[Item.__table__])


def test_without_pgulid_a_lower_case_id_gives_two_objects(engine, orm_tables):
    with orm.Session(engine, future=True) as s:
        first = PlainItem(id=KNOWN.lower(), n=1)
        s.add(first)
        s.flush()
        assert s.get(PlainItem, KNOWN.lower()) is first
        second = s.get(PlainItem, KNOWN)
        assert first is not second and second.id == KNOWN and first.id == KNOWN.lower()


@pytest.mark.parametrize("key", [KNOWN.lower(), KNOWN_UUID, KNOWN_UUID.bytes], ids=["lower", "uuid", "bytes"])
def test_one_object_per_row_whatever_form_the_id_came_in(engine, orm_tables, key):
    with orm.Session(engine, future=True) as s:
        item = Item(id=key, n=1)
        assert item.id == KNOWN and type(item.id) is ULIDValue
        s.add(item)
        s.flush()
        assert s.get(Item, KNOWN) is item
        assert s.get(Item, KNOWN.lower()) is item
        assert s.execute(sa.select(Item).where(Item.id == KNOWN_UUID)).scalar_one() is item
        s.commit()
    with orm.Session(engine, future=True) as s:
        loaded = s.get(Item, KNOWN_UUID)
        assert loaded.id == KNOWN and type(loaded.id) is ULIDValue
        assert s.get(Item, KNOWN.lower()) is loaded


def test_server_default_fills_the_key(engine, orm_tables):
    with orm.Session(engine, future=True) as s:
        items = [Item(n=i) for i in range(5)]
        s.add_all(items)
        s.flush()
        ids = [i.id for i in items]
        assert all(type(i) is ULIDValue for i in ids)
        assert len(set(ids)) == 5


def test_a_bad_id_is_the_database_error(engine, orm_tables):
    with orm.Session(engine, future=True) as s:
        item = Item(id="not a ulid", n=1)
        s.add(item)
        with pytest.raises(sa.exc.StatementError):
            s.flush()
