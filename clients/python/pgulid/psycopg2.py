"""ulid for psycopg2: register_ulid(conn_or_cursor).

After register_ulid, ulid and ulid[] results of that connection or cursor
load as pgulid.ULID (a str, the canonical text).  psycopg2 reads every
result as text, so there are no binary results to handle.

Parameters: a str (either case) goes as a quoted literal that the server
reads as ulid; register_ulid makes psycopg2 send a ULID as 'text'::ulid, so
a list of ULID is a ulid[] (a list of str is a text[], which does not
compare with ulid: use ULID(s), or %s::ulid[] in the query).  register_ulid also lets psycopg2 send uuid.UUID
(as 'xxxxxxxx-...'::uuid, psycopg2.extras.UUID_adapter; ulid = uuid needs
the extension's 1.1); psycopg2's adapters are process-wide, so this holds
for every connection.  bytes always go as bytea, for every connection, so a
16-byte key must be wrapped: ULID(b).
"""

import uuid

import psycopg2.extensions
import psycopg2.extras

from . import ULID

__all__ = ["register_ulid", "ULID"]


def _cast(value, cursor):
    return None if value is None else ULID._trusted(value)


class _UlidAdapter:
    def __init__(self, value):
        self._quoted = psycopg2.extensions.QuotedString(str(value))

    def prepare(self, conn):
        self._quoted.prepare(conn)

    def getquoted(self):
        return self._quoted.getquoted() + b"::ulid"


def register_ulid(conn_or_cursor):
    """Teach a psycopg2 connection (or cursor) the ulid type of its database.

    Looks up the oids of ulid and ulid[], which differ between databases;
    raises psycopg2.ProgrammingError if the extension is not installed.
    """
    if isinstance(conn_or_cursor, psycopg2.extensions.cursor):
        cur = conn_or_cursor.connection.cursor()
    else:
        cur = conn_or_cursor.cursor()
    with cur:
        cur.execute("SELECT t.oid, t.typarray FROM pg_catalog.pg_type t"
                    " WHERE t.oid = pg_catalog.to_regtype('ulid')")
        row = cur.fetchone()
    if row is None:
        raise psycopg2.ProgrammingError("type ulid not found: CREATE EXTENSION ulid first")
    oid, array_oid = row
    ulid_type = psycopg2.extensions.new_type((oid,), "ULID", _cast)
    psycopg2.extensions.register_type(ulid_type, conn_or_cursor)
    psycopg2.extensions.register_type(
        psycopg2.extensions.new_array_type((array_oid,), "ULID[]", ulid_type), conn_or_cursor)
    psycopg2.extensions.register_adapter(ULID, _UlidAdapter)
    psycopg2.extensions.register_adapter(uuid.UUID, psycopg2.extras.UUID_adapter)
    return oid, array_oid
