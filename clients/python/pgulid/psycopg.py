"""ulid for psycopg 3: register_ulid(conn_or_cursor).

After register_ulid, in that connection or cursor:

- ulid results load as pgulid.ULID (a str, the canonical text), in text and
  binary results, in ulid[] arrays, and in COPY with set_types(["ulid"]);
- a ULID parameter is sent typed as ulid; a 16-byte bytes parameter is sent
  untyped in binary, so the server reads it as whatever type the query
  needs there (ulid for a ulid column, bytea for a bytea one);
- str and uuid.UUID parameters need nothing: psycopg sends a str untyped
  (the server reads any case) and a uuid.UUID as uuid (ulid = uuid, 1.1).
"""

from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo
from psycopg.types.string import BytesBinaryDumper

from . import ULID, _encode

__all__ = ["register_ulid", "ULID"]


class _UlidLoader(Loader):
    def load(self, data):
        return ULID._trusted(bytes(data).decode("ascii"))


class _UlidBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        return ULID._trusted(_encode(bytes(data)))


class _UlidDumper(Dumper):
    # oid: set per database by register_ulid

    def dump(self, obj):
        return ULID(obj).encode("ascii")


class _UlidBinaryDumper(Dumper):
    format = Format.BINARY

    def dump(self, obj):
        return ULID(obj).bytes


class _UntypedBinaryDumper(Dumper):
    """16 bytes in binary, oid 0: the server picks the type from the query."""
    format = Format.BINARY
    oid = 0

    def dump(self, obj):
        return bytes(obj)


class _BytesDumper(BytesBinaryDumper):
    """bytea as before, except that exactly 16 bytes go untyped."""

    def __init__(self, cls, context=None):
        super().__init__(cls, context)
        self._context = context

    def get_key(self, obj, format):
        return (self.cls, 16) if len(obj) == 16 else self.cls

    def upgrade(self, obj, format):
        if len(obj) == 16:
            return _UntypedBinaryDumper(self.cls, self._context)
        return self


def register_ulid(context):
    """Teach a psycopg 3 connection or cursor the ulid type of its database.

    Looks up the oids of ulid and ulid[] (they differ between databases), so
    the extension must be installed there; raises psycopg.ProgrammingError
    if it is not.
    """
    conn = getattr(context, "connection", context)
    info = TypeInfo.fetch(conn, "ulid")
    if info is None:
        raise conn.ProgrammingError("type ulid not found: CREATE EXTENSION ulid first")
    info.register(context)
    adapters = context.adapters
    adapters.register_loader(info.oid, _UlidLoader)
    adapters.register_loader(info.oid, _UlidBinaryLoader)
    attrs = {"oid": info.oid}
    adapters.register_dumper(ULID, type("UlidDumper", (_UlidDumper,), attrs))
    adapters.register_dumper(ULID, type("UlidBinaryDumper", (_UlidBinaryDumper,), attrs))
    adapters.register_dumper(bytes, _BytesDumper)
    return info
