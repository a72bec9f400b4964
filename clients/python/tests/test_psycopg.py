"""pgulid.psycopg: psycopg 3 with and without register_ulid."""

import uuid

import psycopg
import pytest

from pgulid import ULID
from pgulid.psycopg import register_ulid
from conftest import KNOWN, KNOWN_UUID, ulid_bytes


@pytest.fixture
def conn(table_name):
    with psycopg.connect(autocommit=True) as c:
        c.execute("DROP TABLE IF EXISTS %s" % table_name)
        c.execute("CREATE TABLE %s (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4, b bytea)"
                  % table_name)
        c.execute("INSERT INTO %s (id, n) VALUES ('%s', 0)" % (table_name, KNOWN))
        c.execute("INSERT INTO %s (n) SELECT g FROM generate_series(1, 20) g" % table_name)
        yield c
        c.execute("DROP TABLE %s" % table_name)


def expected(conn, table_name):
    """(text, uuid, timestamptz) of every row, in id order, as the server gives them."""
    return conn.execute("SELECT id::text, id::uuid, id::timestamptz FROM %s ORDER BY 1"
                        % table_name).fetchall()


def check_values(got, rows):
    assert len(got) == len(rows) == 21
    for value, (text, u, ts) in zip(got, rows):
        assert type(value) is ULID, type(value)
        assert value == text
        assert value.uuid == u
        assert value.bytes == ulid_bytes(text)
        assert value.datetime == ts


# --- the friction, as psycopg gives it without pgulid ---

def test_without_adapter_binary_results_are_raw_bytes(conn, table_name):
    with conn.cursor(binary=True) as cur:
        value = cur.execute("SELECT id FROM %s WHERE n = 0" % table_name).fetchone()[0]
    assert value == KNOWN_UUID.bytes


def test_without_adapter_a_bytes_parameter_is_bytea(conn, table_name):
    with pytest.raises(psycopg.errors.UndefinedFunction, match="operator does not exist: ulid = bytea"):
        conn.execute("SELECT n FROM %s WHERE id = %%s" % table_name, [KNOWN_UUID.bytes])


def test_without_adapter_binary_copy_knows_no_ulid(conn, table_name):
    with conn.cursor() as cur:
        with pytest.raises(KeyError, match="ulid"):
            with cur.copy("COPY (SELECT id FROM %s) TO STDOUT (FORMAT BINARY)" % table_name) as copy:
                copy.set_types(["ulid"])


# --- with register_ulid ---

@pytest.mark.parametrize("binary", [False, True])
def test_results_load_as_ULID(conn, table_name, binary):
    rows = expected(conn, table_name)
    register_ulid(conn)
    with conn.cursor(binary=binary) as cur:
        got = [r[0] for r in cur.execute("SELECT id FROM %s ORDER BY id" % table_name)]
    check_values(got, rows)


@pytest.mark.parametrize("binary", [False, True])
def test_arrays_load_as_lists_of_ULID(conn, table_name, binary):
    rows = expected(conn, table_name)
    register_ulid(conn)
    with conn.cursor(binary=binary) as cur:
        got = cur.execute("SELECT array_agg(id ORDER BY id), '{}'::ulid[], ARRAY[NULL]::ulid[] FROM %s"
                          % table_name).fetchone()
    check_values(got[0], rows)
    assert got[1:] == ([], [None])


def test_text_copy_out_with_set_types(conn, table_name):
    rows = expected(conn, table_name)
    register_ulid(conn)
    with conn.cursor() as cur:
        with cur.copy("COPY (SELECT id, ARRAY[id, NULL] FROM %s ORDER BY id) TO STDOUT" % table_name) as copy:
            copy.set_types(["ulid", "ulid[]"])
            got = list(copy.rows())
    check_values([r[0] for r in got], rows)
    assert [r[1] for r in got] == [[r[0], None] for r in got]


def test_binary_copy_out_with_set_types(conn, table_name):
    rows = expected(conn, table_name)
    register_ulid(conn)
    with conn.cursor() as cur:
        with cur.copy("COPY (SELECT id, ARRAY[id, NULL] FROM %s ORDER BY id) TO STDOUT (FORMAT BINARY)"
                      % table_name) as copy:
            copy.set_types(["ulid", "ulid[]"])
            got = list(copy.rows())
    check_values([r[0] for r in got], rows)
    assert [r[1] for r in got] == [[r[0], None] for r in got]


def test_binary_copy_in_takes_every_form(conn, table_name):
    register_ulid(conn)
    conn.execute("DELETE FROM %s" % table_name)
    values = [KNOWN.lower(), ULID(b"\x01" * 16).uuid, b"\x02" * 16, ULID(b"\x03" * 16)]
    with conn.cursor() as cur:
        with cur.copy("COPY %s (id, n) FROM STDIN (FORMAT BINARY)" % table_name) as copy:
            copy.set_types(["ulid", "int4"])
            for i, v in enumerate(values):
                copy.write_row((v, i))
    got = conn.execute("SELECT id::uuid FROM %s ORDER BY n" % table_name).fetchall()
    assert [r[0].bytes for r in got] == [KNOWN_UUID.bytes] + [bytes([i]) * 16 for i in (1, 2, 3)]


def test_text_copy_in_takes_text(conn, table_name):
    # psycopg 3.1 dumps text COPY rows by Python type even after set_types
    # (see below), a uuid.UUID as 32 hex digits: wrap it, ULID(u)
    register_ulid(conn)
    conn.execute("DELETE FROM %s" % table_name)
    values = [KNOWN.lower(), ULID(b"\x01" * 16), ULID(uuid.UUID(bytes=b"\x02" * 16))]
    with conn.cursor() as cur:
        with cur.copy("COPY %s (id, n) FROM STDIN" % table_name) as copy:
            for i, v in enumerate(values):
                copy.write_row((v, i))
    got = conn.execute("SELECT id::uuid FROM %s ORDER BY n" % table_name).fetchall()
    assert [r[0].bytes for r in got] == [KNOWN_UUID.bytes] + [bytes([i]) * 16 for i in (1, 2)]


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("key", [KNOWN, KNOWN.lower(), KNOWN_UUID, KNOWN_UUID.bytes, ULID(KNOWN)],
                         ids=["str", "lower", "uuid", "bytes", "ULID"])
def test_parameters_of_every_form(conn, table_name, key, binary):
    register_ulid(conn)
    with conn.cursor(binary=binary) as cur:
        row = cur.execute("SELECT n, id FROM %s WHERE id = %%s" % table_name, [key]).fetchone()
        assert row == (0, KNOWN)
        n = cur.execute("INSERT INTO %s (id, n) VALUES (%%s, -1) ON CONFLICT (id) DO UPDATE SET n = -1"
                        " RETURNING n" % table_name, [key]).fetchone()
        assert n == (-1,)


def test_array_parameters(conn, table_name):
    rows = expected(conn, table_name)
    register_ulid(conn)
    for keys in ([r[0] for r in rows[:5]], [ULID(r[0]) for r in rows[:5]], [r[1] for r in rows[:5]]):
        got = conn.execute("SELECT count(*) FROM %s WHERE id = ANY(%%s)" % table_name, [keys]).fetchone()
        assert got == (5,), keys


def test_other_bytes_stay_bytea(conn, table_name):
    register_ulid(conn)
    for raw in (b"", b"\x00\xff", bytes(range(16)), bytes(range(17)), bytes(range(256))):
        conn.execute("UPDATE %s SET b = %%s WHERE id = %%s" % table_name, [raw, KNOWN])
        got = conn.execute("SELECT b, octet_length(b) FROM %s WHERE id = %%s" % table_name,
                           [KNOWN]).fetchone()
        assert got == (raw, len(raw))
        # with a type in the query, the untyped 16 bytes are read as that type
        assert conn.execute("SELECT %s::bytea", [raw]).fetchone()[0] == raw


def test_untyped_16_bytes_where_the_server_cannot_tell(conn):
    # documented: with no type from the query the server takes text, which
    # 16 bytes are usually not; a cast (::bytea or ::ulid) says which
    register_ulid(conn)
    with pytest.raises(psycopg.DataError):
        conn.execute("SELECT %s", [b"\xff" * 16])
    assert conn.execute("SELECT %s::ulid", [b"\xff" * 16]).fetchone()[0] == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"


def test_registering_a_cursor_leaves_the_connection_alone(conn, table_name):
    with conn.cursor(binary=True) as cur:
        register_ulid(cur)
        assert type(cur.execute("SELECT id FROM %s WHERE n = 0" % table_name).fetchone()[0]) is ULID
    with conn.cursor(binary=True) as cur:
        assert cur.execute("SELECT id FROM %s WHERE n = 0" % table_name).fetchone()[0] == KNOWN_UUID.bytes


def test_registering_where_there_is_no_extension():
    with psycopg.connect(dbname="postgres") as c:
        with pytest.raises(psycopg.ProgrammingError, match="ulid"):
            register_ulid(c)


PSYCOPG = tuple(int(n) for n in psycopg.__version__.split(".")[:2])


def test_text_copy_and_a_uuid_with_set_types(conn, table_name):
    # documented: which dumper formats a text COPY row depends on psycopg
    register_ulid(conn)
    u = uuid.UUID(bytes=b"\x04" * 16)
    with conn.cursor() as cur:
        if PSYCOPG < (3, 2):
            # 3.1 picks the dumper by Python type whatever set_types says:
            # the uuid goes as 32 hex digits, which ulid's input rejects
            with pytest.raises(psycopg.errors.InvalidTextRepresentation, match=u.hex):
                with cur.copy("COPY %s (id, n) FROM STDIN" % table_name) as copy:
                    copy.set_types(["ulid", "int4"])
                    copy.write_row((u, 99))
        else:
            # 3.2 formats text rows with Transformer.dump_sequence(), which
            # uses the set_types dumpers: pgulid's, which takes a uuid.UUID
            with cur.copy("COPY %s (id, n) FROM STDIN" % table_name) as copy:
                copy.set_types(["ulid", "int4"])
                copy.write_row((u, 99))
            assert cur.execute("SELECT id::uuid FROM %s WHERE n = 99" % table_name).fetchone()[0] == u


def test_a_str_with_b_placeholder_is_text(conn, table_name):
    # documented: %b sends a str typed text; %s sends it untyped
    register_ulid(conn)
    with pytest.raises(psycopg.errors.UndefinedFunction, match="operator does not exist: ulid = text"):
        conn.execute("SELECT n FROM %s WHERE id = %%b" % table_name, [KNOWN])
