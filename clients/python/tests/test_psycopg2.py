"""pgulid.psycopg2: psycopg2 with and without register_ulid."""

import io
import struct
import uuid

import psycopg2
import psycopg2.extensions
import pytest

from pgulid import ULID
from pgulid.psycopg2 import register_ulid
from conftest import KNOWN, KNOWN_UUID, ulid_bytes


@pytest.fixture
def conn(table_name):
    c = psycopg2.connect("")
    c.autocommit = True
    with c.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS %s" % table_name)
        cur.execute("CREATE TABLE %s (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4)" % table_name)
        cur.execute("INSERT INTO %s (id, n) VALUES ('%s', 0)" % (table_name, KNOWN))
        cur.execute("INSERT INTO %s (n) SELECT g FROM generate_series(1, 20) g" % table_name)
    yield c
    with c.cursor() as cur:
        cur.execute("DROP TABLE %s" % table_name)
    c.close()


def query(conn, sql, params=None):
    with conn.cursor() as cur:
        cur.execute(sql, params)
        return cur.fetchall()


def expected(conn, table_name):
    return query(conn, "SELECT id::text, id::uuid::text, id::timestamptz FROM %s ORDER BY 1" % table_name)


def check_values(got, rows):
    assert len(got) == len(rows) == 21
    for value, (text, u, ts) in zip(got, rows):
        assert type(value) is ULID, type(value)
        assert value == text
        assert value.uuid == uuid.UUID(u)
        assert value.bytes == ulid_bytes(text)
        assert value.datetime == ts


def test_without_adapter_ulid_is_a_plain_str_and_arrays_a_string(conn, table_name):
    row = query(conn, "SELECT id, ARRAY[id] FROM %s WHERE n = 0" % table_name)[0]
    assert row == (KNOWN, "{%s}" % KNOWN)
    assert type(row[0]) is str


def test_results_and_arrays_load_as_ULID(conn, table_name):
    rows = expected(conn, table_name)
    register_ulid(conn)
    got = query(conn, "SELECT id, ARRAY[id, NULL] FROM %s ORDER BY id" % table_name)
    check_values([r[0] for r in got], rows)
    check_values([r[1][0] for r in got], rows)
    assert all(r[1][1] is None for r in got)
    agg = query(conn, "SELECT array_agg(id ORDER BY id) FROM %s" % table_name)[0][0]
    check_values(agg, rows)


def test_registering_a_cursor(conn, table_name):
    with conn.cursor() as cur:
        register_ulid(cur)
        cur.execute("SELECT id FROM %s WHERE n = 0" % table_name)
        assert type(cur.fetchone()[0]) is ULID
    assert type(query(conn, "SELECT id FROM %s WHERE n = 0" % table_name)[0][0]) is str


@pytest.mark.parametrize("key", [KNOWN, KNOWN.lower(), KNOWN_UUID, ULID(KNOWN), ULID(KNOWN_UUID.bytes)],
                         ids=["str", "lower", "uuid", "ULID", "ULID(bytes)"])
def test_parameters(conn, table_name, key):
    register_ulid(conn)
    assert query(conn, "SELECT n, id FROM %s WHERE id = %%s" % table_name, [key]) == [(0, KNOWN)]
    if not isinstance(key, str) or isinstance(key, ULID):
        assert query(conn, "SELECT count(*) FROM %s WHERE id = ANY(%%s)" % table_name, [[key, key]]) == [(1,)]


def test_a_list_of_str_is_a_text_array(conn, table_name):
    register_ulid(conn)
    with pytest.raises(psycopg2.errors.UndefinedFunction, match="operator does not exist: ulid = text"):
        query(conn, "SELECT count(*) FROM %s WHERE id = ANY(%%s)" % table_name, [[KNOWN]])
    conn.rollback()
    assert query(conn, "SELECT count(*) FROM %s WHERE id = ANY(%%s::ulid[])" % table_name, [[KNOWN]]) == [(1,)]
    assert query(conn, "SELECT count(*) FROM %s WHERE id = ANY(%%s)" % table_name,
                 [[ULID(KNOWN.lower())]]) == [(1,)]


def test_bytes_parameter_stays_bytea(conn, table_name):
    # psycopg2's adapters are per Python type and process-wide, so
    # register_ulid leaves bytes as bytea; wrap a 16-byte key: ULID(b)
    register_ulid(conn)
    with pytest.raises(psycopg2.errors.UndefinedFunction, match="operator does not exist: ulid = bytea"):
        query(conn, "SELECT n FROM %s WHERE id = %%s" % table_name, [KNOWN_UUID.bytes])


def test_binary_copy_fields_are_the_16_bytes(conn, table_name):
    # psycopg2 hands COPY over as a raw stream: read each field with ULID(field)
    rows = expected(conn, table_name)
    out = io.BytesIO()
    with conn.cursor() as cur:
        cur.copy_expert("COPY (SELECT id FROM %s ORDER BY id) TO STDOUT (FORMAT BINARY)" % table_name, out)
    data = out.getvalue()
    pos = 11 + 4
    pos += 4 + struct.unpack_from("!i", data, pos)[0]
    got = []
    while struct.unpack_from("!h", data, pos)[0] == 1:
        length = struct.unpack_from("!i", data, pos + 2)[0]
        assert length == 16
        got.append(ULID(data[pos + 6:pos + 22]))
        pos += 22
    check_values(got, rows)


def test_registering_where_there_is_no_extension():
    c = psycopg2.connect(dbname="postgres")
    try:
        with pytest.raises(psycopg2.ProgrammingError, match="ulid"):
            register_ulid(c)
    finally:
        c.close()
