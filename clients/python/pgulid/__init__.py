"""ULID values for Python database libraries that talk to the ulid extension.

`ULID` is a `str`: the canonical 26-character text (Crockford base32, upper
case), which is what the server prints.  It also gives the same 16 bytes as a
`uuid.UUID` (`.uuid`), as `bytes` (`.bytes`) and its creation time
(`.datetime`).  The adapters live in submodules, one per library:
`pgulid.psycopg`, `pgulid.psycopg2`, `pgulid.sqlalchemy`, `pgulid.django`.
"""

import datetime as _datetime
import uuid as _uuid

__all__ = ["ULID"]
__version__ = "0.1.0"

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# value of each character, upper or lower case, as the extension reads it
_VALUES = {c: i for i, c in enumerate(_ALPHABET)}
_VALUES.update({c.lower(): i for c, i in list(_VALUES.items())})


def _encode(raw):
    value = int.from_bytes(raw, "big")
    out = []
    for _ in range(26):
        out.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def _decode(text):
    if len(text) != 26:
        raise ValueError("invalid ULID %r: %d characters, not 26" % (text, len(text)))
    value = 0
    for ch in text:
        digit = _VALUES.get(ch)
        if digit is None:
            raise ValueError("invalid ULID %r: %r is not a Crockford base32 digit" % (text, ch))
        value = (value << 5) | digit
    if value >> 128:
        raise ValueError("invalid ULID %r: above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ" % (text,))
    return value.to_bytes(16, "big")


class ULID(str):
    """A ULID as its canonical text.

    ULID(value) takes a ULID's text in either case, a uuid.UUID, 16 bytes or
    another ULID, and rejects anything else with ValueError (TypeError for a
    type it does not know).
    """

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, ULID):
            return str.__new__(cls, value) if type(value) is not cls else value
        if isinstance(value, str):
            return str.__new__(cls, _encode(_decode(value)))
        if isinstance(value, _uuid.UUID):
            return str.__new__(cls, _encode(value.bytes))
        if isinstance(value, (bytes, bytearray, memoryview)):
            raw = bytes(value)
            if len(raw) != 16:
                raise ValueError("a ULID is 16 bytes, not %d" % len(raw))
            return str.__new__(cls, _encode(raw))
        raise TypeError("cannot make a ULID of %s" % type(value).__name__)

    @classmethod
    def _trusted(cls, text):
        """A ULID of text the server printed: canonical already."""
        return str.__new__(cls, text)

    @property
    def bytes(self):
        """The 16 bytes, as the server stores them."""
        return _decode(self)

    @property
    def uuid(self):
        """The uuid.UUID of the same 16 bytes (what id::uuid gives)."""
        return _uuid.UUID(bytes=_decode(self))

    @property
    def timestamp_ms(self):
        """Milliseconds since the Unix epoch: the first 48 bits."""
        return int.from_bytes(_decode(self)[:6], "big")

    @property
    def datetime(self):
        """The creation time, in UTC, to the millisecond (what id::timestamptz gives)."""
        ms = self.timestamp_ms
        return (_datetime.datetime(1970, 1, 1, tzinfo=_datetime.timezone.utc)
                + _datetime.timedelta(milliseconds=ms))

    def __repr__(self):
        return "ULID(%s)" % str.__repr__(self)
