"""ULID values for Python database libraries that talk to the ulid extension.

`ULID` is a `str`: the canonical 26-character text (Crockford base32, upper
case), which is what the server prints.  It also gives the same 16 bytes as a
`uuid.UUID` (`.uuid`), as `bytes` (`.bytes`) and its creation time
(`.datetime`).  The adapters live in submodules, one per library:
`pgulid.psycopg`, `pgulid.psycopg2`, `pgulid.sqlalchemy`, `pgulid.django`.

TypeID text (specification 0.3) is `ULID.to_typeid(prefix)`,
`ULID.from_typeid(text, prefix=None)` and `typeid_prefix(text)`, with the
server's rules.  `gen_ulid()` and `gen_random_ulid()` make ULIDs as the
server's functions of those names do, and with `uuidv7=True` as they do
under `ulid.uuidv7 = on`: valid UUIDv7s too.
"""

import datetime as _datetime
import os as _os
import threading as _threading
import time as _time
import uuid as _uuid

__all__ = ["ULID", "TypeIDError", "typeid_prefix", "gen_ulid", "gen_random_ulid", "Generator"]
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

    @property
    def is_uuidv7(self):
        """Whether the 16 bytes are also a valid UUIDv7 (what ulid_is_uuidv7 says)."""
        raw = _decode(self)
        return raw[6] >> 4 == 7 and raw[8] & 0xC0 == 0x80

    def to_typeid(self, prefix=""):
        """The TypeID of this value with prefix: what ulid_to_typeid(id, prefix) gives."""
        _check_prefix(prefix, prefix, "TypeID prefix")
        return (prefix + "_" if prefix else "") + self.lower()

    @classmethod
    def from_typeid(cls, text, prefix=None):
        """The ULID of a TypeID, which must have prefix if one is given (""
        for none): what ulid_from_typeid(text[, prefix]) gives.  Raises
        TypeIDError (a ValueError) naming the rule that failed."""
        got, value = _parse_typeid(text)
        if prefix is not None and got != prefix:
            raise TypeIDError("invalid TypeID %r: its prefix is %r, but %r is required"
                              % (text, got, prefix))
        return value

    def __repr__(self):
        return "ULID(%s)" % str.__repr__(self)


class TypeIDError(ValueError):
    """Text that is not a TypeID, or not a TypeID prefix."""


_SUFFIX_CHARS = frozenset(_ALPHABET.lower())


def _check_prefix(prefix, whole, what):
    for i, ch in enumerate(prefix):
        if not ("a" <= ch <= "z" or ch == "_"):
            raise TypeIDError("invalid %s %r: character %r at position %d is not allowed in a "
                              "TypeID prefix, which has only lower-case letters a-z and "
                              "underscores" % (what, whole, ch, i + 1))
    if len(prefix) > 63:
        raise TypeIDError("invalid %s %r: a TypeID prefix has at most 63 characters"
                          % (what, whole))
    if prefix and (prefix[0] == "_" or prefix[-1] == "_"):
        raise TypeIDError("invalid %s %r: a TypeID prefix cannot start or end with an "
                          "underscore" % (what, whole))


def _parse_typeid(text):
    """(prefix, ULID) of a TypeID; the rules and their order are the server's."""
    if not isinstance(text, str):
        raise TypeError("a TypeID is a str, not %s" % type(text).__name__)
    sep = text.rfind("_")
    prefix, suffix = "", text
    if sep >= 0:
        prefix, suffix = text[:sep], text[sep + 1:]
        if not prefix:
            raise TypeIDError("invalid TypeID %r: a TypeID with an empty prefix has no "
                              "separator \"_\"" % (text,))
        _check_prefix(prefix, text, "TypeID")
    if len(suffix) != 26:
        raise TypeIDError("invalid TypeID %r: a TypeID suffix has 26 characters" % (text,))
    for i, ch in enumerate(suffix):
        if ch not in _SUFFIX_CHARS:
            raise TypeIDError("invalid TypeID %r: character %r at position %d is not allowed "
                              "in a TypeID suffix" % (text, ch, len(text) - 26 + i + 1))
    if suffix[0] > "7":
        raise TypeIDError("invalid TypeID %r: the first character of a TypeID suffix must be "
                          "0-7, as it encodes 128 bits" % (text,))
    return prefix, ULID._trusted(suffix.upper())


def typeid_prefix(text):
    """The prefix of a TypeID ("" if it has none): what typeid_prefix(text) gives."""
    return _parse_typeid(text)[0]


_TIME_MAX = (1 << 48) - 1
_V7_BITS = 0x7000


def _v7_ceil(word):
    """The smallest word (time and 16 bits) with version nibble 7 at or above word."""
    nibble = (word >> 12) & 0xF
    if nibble == 7:
        return word
    if nibble < 7:
        return (word & ~0xFFFF) | _V7_BITS
    if word >> 16 == _TIME_MAX:
        return None
    return (((word >> 16) + 1) << 16) | _V7_BITS


class Generator:
    """The server's generator state machine (src/libulid/generator.c):
    gen_ulid() values strictly increase, also within a millisecond and when
    the clock steps back.  In a new millisecond the 16 bits after the time are a
    random counter start below 0x8000 (with uuidv7, 0x7 and a start below
    0x800); otherwise the last value's time and counter plus one (with
    uuidv7, the next word whose version nibble is 7), carrying into the
    time.  The last 8 bytes are fresh random bits (with uuidv7, the variant
    bits 10 over them).  Thread-safe; a forked child starts afresh.
    clock() gives milliseconds since the epoch, random(n) n random bytes."""

    def __init__(self, clock=None, random=None):
        self._clock = clock or (lambda: _time.time_ns() // 1_000_000)
        self._random = random or _os.urandom
        self._lock = _threading.Lock()
        self._hi = None

    def _reset(self):
        self._hi = None
        self._lock = _threading.Lock()

    def _step(self, ms, uuidv7):
        if not 0 <= ms <= _TIME_MAX:
            raise ValueError("current time is out of range for type ulid")
        hi = self._hi
        if hi is not None and ms <= hi >> 16:
            if uuidv7:
                nxt = None if hi == (1 << 64) - 1 else _v7_ceil(hi + 1)
            else:
                nxt = None if hi == (1 << 64) - 1 else hi + 1
            if nxt is None:
                raise OverflowError("ulid generator reached its maximum value")
            rnd = self._random(8)
        else:
            rnd = self._random(10)
            start = int.from_bytes(rnd[8:10], "big")
            nxt = (ms << 16) | ((start & 0x7FF) | _V7_BITS if uuidv7 else start & 0x7FFF)
        self._hi = nxt
        return nxt, rnd[:8]

    def gen_ulid(self, uuidv7=False):
        """The next monotonic ULID, as gen_ulid()."""
        with self._lock:
            word, rnd = self._step(self._clock(), uuidv7)
        raw = bytearray(word.to_bytes(8, "big") + rnd)
        if uuidv7:
            raw[8] = (raw[8] & 0x3F) | 0x80
        return ULID._trusted(_encode(bytes(raw)))

    def gen_random_ulid(self, uuidv7=False, ms=None):
        """A ULID of the current millisecond (or ms) with fresh random bits,
        as gen_random_ulid() and gen_ulid(timestamptz)."""
        ms = self._clock() if ms is None else ms
        if not 0 <= ms <= _TIME_MAX:
            raise ValueError("time is out of range for type ulid")
        raw = bytearray(ms.to_bytes(6, "big") + self._random(10))
        if uuidv7:
            raw[6] = (raw[6] & 0x0F) | 0x70
            raw[8] = (raw[8] & 0x3F) | 0x80
        return ULID._trusted(_encode(bytes(raw)))


_default = Generator()
if hasattr(_os, "register_at_fork"):
    _os.register_at_fork(after_in_child=_default._reset)


def gen_ulid(uuidv7=False):
    """The next ULID of this process's generator, strictly increasing; with
    uuidv7=True a valid UUIDv7 too (the server's ulid.uuidv7 = on)."""
    return _default.gen_ulid(uuidv7)


def gen_random_ulid(uuidv7=False):
    """A ULID of the current millisecond and fresh random bits."""
    return _default.gen_random_ulid(uuidv7)
