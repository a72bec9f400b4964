"""ulid through plain psycopg 3, without pgulid: the way an application that
uses no client package sees it.  Run by pytest (clients/run.sh python)
against a database with the ulid extension; libpq's PG* variables say where.
"""

import uuid

import psycopg

from conftest import CROCKFORD, KNOWN, KNOWN_UUID, ulid_bytes


def connect():
    return psycopg.connect(autocommit=True)


def fresh_table(conn):
    conn.execute("DROP TABLE IF EXISTS py_items")
    conn.execute("CREATE TABLE py_items (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4)")


def test_oracle_agrees_with_uuid():
    # the test's own decoder against the published uuid form of the value
    assert ulid_bytes(KNOWN) == KNOWN_UUID.bytes


def test_text_parameter_in_text_out():
    with connect() as conn:
        fresh_table(conn)
        # a str parameter; psycopg sends it untyped, so the server reads it as ulid
        conn.execute("INSERT INTO py_items (id, n) VALUES (%s, %s)", [KNOWN.lower(), 1])
        row = conn.execute("SELECT id, pg_typeof(id)::text FROM py_items WHERE id = %s", [KNOWN]).fetchone()
        assert row == (KNOWN, "ulid"), row
        assert isinstance(row[0], str)


def test_generated_ids_come_back_as_increasing_text():
    with connect() as conn:
        fresh_table(conn)
        ids = [r[0] for r in conn.execute(
            "INSERT INTO py_items (n) SELECT g FROM generate_series(1, 200) g RETURNING id").fetchall()]
        assert len(ids) == 200 and len(set(ids)) == 200
        assert all(len(i) == 26 and set(i) <= set(CROCKFORD) for i in ids), ids[:3]
        assert ids == sorted(ids), "gen_ulid() in one statement must increase"


def test_bad_text_is_an_error_with_sqlstate():
    with connect() as conn:
        fresh_table(conn)
        try:
            conn.execute("INSERT INTO py_items (id) VALUES (%s)", ["01ARYZ6S41TSV4RRFFQ69G5FAU"])
        except psycopg.errors.InvalidTextRepresentation as e:
            assert 'invalid input syntax for type ulid' in str(e), str(e)
        else:
            raise AssertionError("a U was accepted")


def test_copy_from_stdin_and_to_stdout():
    with connect() as conn:
        fresh_table(conn)
        values = [("01ARYZ6S41TSV4RRFFQ69G5FA%s" % ch, i) for i, ch in enumerate("0123456789ABCDEF")]
        with conn.cursor() as cur:
            with cur.copy("COPY py_items (id, n) FROM STDIN") as copy:
                for v in values:
                    copy.write_row(v)
            got = []
            with cur.copy("COPY (SELECT id, n FROM py_items ORDER BY id) TO STDOUT") as copy:
                for row in copy.rows():
                    got.append(row)
        # COPY rows come back as text; the order is byte order
        assert got == [(v, str(n)) for v, n in values], got[:3]
        count = conn.execute("SELECT count(*) FROM py_items WHERE id >= %s", [values[8][0]]).fetchone()[0]
        assert count == 8, count


def test_binary_copy_out_gives_16_bytes():
    with connect() as conn:
        fresh_table(conn)
        conn.execute("INSERT INTO py_items (id, n) VALUES (%s, 1)", [KNOWN])
        with conn.cursor() as cur:
            with cur.copy("COPY (SELECT id FROM py_items) TO STDOUT (FORMAT BINARY)") as copy:
                copy.set_types(["bytea"])   # read the raw field bytes
                rows = list(copy.rows())
        assert rows == [(ulid_bytes(KNOWN),)], rows


def test_binary_results_are_the_16_bytes():
    with connect() as conn:
        fresh_table(conn)
        conn.execute("INSERT INTO py_items (n) SELECT g FROM generate_series(1, 50) g")
        texts = [r[0] for r in conn.execute("SELECT id FROM py_items ORDER BY id")]
        with conn.cursor(binary=True) as cur:
            raw = [r[0] for r in cur.execute("SELECT id FROM py_items ORDER BY id")]
        assert all(isinstance(b, bytes) and len(b) == 16 for b in raw), raw[:2]
        assert raw == [ulid_bytes(t) for t in texts]


def test_uuid_cast_gives_uuid_UUID_of_the_same_bytes():
    with connect() as conn:
        fresh_table(conn)
        conn.execute("INSERT INTO py_items (n) SELECT g FROM generate_series(1, 20) g")
        for fmt in (False, True):
            with conn.cursor(binary=fmt) as cur:
                rows = cur.execute("SELECT id::text, id::uuid FROM py_items").fetchall()
                assert len(rows) == 20
                for text, u in rows:
                    assert isinstance(u, uuid.UUID), type(u)
                    assert u.bytes == ulid_bytes(text), (text, u)


def test_uuid_parameter_finds_the_row():
    # psycopg sends uuid.UUID typed as uuid: this needs 1.1's ulid = uuid
    with connect() as conn:
        fresh_table(conn)
        conn.execute("INSERT INTO py_items (id, n) VALUES (%s, 7)", [KNOWN_UUID])   # assignment cast
        conn.execute("INSERT INTO py_items (n) SELECT g FROM generate_series(100, 1100) g")
        row = conn.execute("SELECT n, id FROM py_items WHERE id = %s", [KNOWN_UUID]).fetchone()
        assert row == (7, KNOWN), row
        lo, hi = uuid.UUID(int=KNOWN_UUID.int), uuid.UUID(int=KNOWN_UUID.int + 1)
        assert conn.execute("SELECT count(*) FROM py_items WHERE id >= %s AND id < %s",
                            [lo, hi]).fetchone()[0] == 1
        # and an index on the ulid column serves it
        conn.execute("ANALYZE py_items")
        conn.execute("SET enable_seqscan = off")
        plan = "\n".join(r[0] for r in conn.execute(
            "EXPLAIN (COSTS OFF) SELECT n FROM py_items WHERE id = %s", [KNOWN_UUID]))
        assert "py_items_pkey" in plan, plan


def test_uuid_parameter_in_binary_format():
    # the uuid parameter sent in binary format (%b) works the same
    with connect() as conn:
        fresh_table(conn)
        conn.execute("INSERT INTO py_items (id, n) VALUES (%s, 3)", [KNOWN])
        with conn.cursor(binary=True) as cur:
            row = cur.execute("SELECT n FROM py_items WHERE id = %b", [KNOWN_UUID]).fetchone()
        assert row == (3,), row
