"""ulid for SQLAlchemy (1.4 and later, PostgreSQL dialects).

    from pgulid.sqlalchemy import ULID, gen_ulid
    id = Column(ULID, primary_key=True, server_default=gen_ulid())

- ULID creates ulid columns (CREATE TABLE says ulid, not varchar);
- values load as pgulid.ULID, and parameters may be a str in either case,
  a uuid.UUID or 16 bytes: each is sent as the canonical text;
- a mapped attribute of type ULID holds the canonical text whatever it was
  given, so the identity map has one key per row (session.get() with the
  id in lower case finds the object loaded in upper case);
- importing this module makes reflection recognise ulid columns (it adds
  "ulid" to the PostgreSQL dialect's ischema_names, as pgvector does for
  vector).
"""

from sqlalchemy import event
from sqlalchemy.dialects.postgresql.base import ischema_names
from sqlalchemy.orm import Mapper
from sqlalchemy.sql.functions import GenericFunction
from sqlalchemy.types import UserDefinedType

from . import ULID as _ULID

__all__ = ["ULID", "gen_ulid"]


def _to_canonical(value):
    return None if value is None else str(_ULID(value))


def _to_ulid(value):
    return None if value is None else _ULID(value)


class ULID(UserDefinedType):
    """The ulid column type."""

    cache_ok = True

    def get_col_spec(self, **kw):
        return "ULID"

    def bind_processor(self, dialect):
        return _to_canonical

    def literal_processor(self, dialect):
        def process(value):
            return "'%s'" % _to_canonical(value)
        return process

    def result_processor(self, dialect, coltype):
        return _to_ulid

    @property
    def python_type(self):
        return _ULID


class gen_ulid(GenericFunction):
    """gen_ulid(), typed ULID: server_default=gen_ulid(), or in a query."""

    type = ULID()
    inherit_cache = True


ischema_names["ulid"] = ULID


def _canonical_on_set(target, value, oldvalue, initiator):
    if value is None or hasattr(value, "__clause_element__"):
        return value
    try:
        return _ULID(value)
    except (TypeError, ValueError):
        return value    # the database rejects it, with its own message


@event.listens_for(Mapper, "mapper_configured")
def _normalise_ulid_attributes(mapper, cls):
    for prop in mapper.column_attrs:
        if any(isinstance(getattr(col, "type", None), ULID) for col in prop.columns):
            event.listen(getattr(cls, prop.key), "set", _canonical_on_set, retval=True)
