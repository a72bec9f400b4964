"""pgulid.ULID on its own: no database."""

import datetime
import uuid

import pytest

from pgulid import ULID
from conftest import KNOWN, KNOWN_UUID, ulid_bytes


def test_oracle_agrees_with_uuid():
    assert ulid_bytes(KNOWN) == KNOWN_UUID.bytes


@pytest.mark.parametrize("value", [KNOWN, KNOWN.lower(), KNOWN_UUID, KNOWN_UUID.bytes,
                                   bytearray(KNOWN_UUID.bytes), ULID(KNOWN)])
def test_every_form_gives_the_canonical_text(value):
    u = ULID(value)
    assert isinstance(u, str) and type(u) is ULID
    assert u == KNOWN
    assert u.bytes == KNOWN_UUID.bytes
    assert u.uuid == KNOWN_UUID


def test_datetime_is_the_first_48_bits_in_utc():
    u = ULID(KNOWN)
    ms = int.from_bytes(KNOWN_UUID.bytes[:6], "big")
    assert u.timestamp_ms == ms
    assert u.datetime == datetime.datetime.fromtimestamp(ms / 1000, datetime.timezone.utc)
    assert u.datetime.tzinfo is datetime.timezone.utc


@pytest.mark.parametrize("bad", ["", KNOWN[:-1], KNOWN + "0", KNOWN[:-1] + "U", KNOWN[:-1] + "I",
                                 "8" + KNOWN[1:], " " + KNOWN[1:], b"\x00" * 15, b"\x00" * 17])
def test_bad_values_are_rejected(bad):
    with pytest.raises(ValueError):
        ULID(bad)


def test_the_largest_value():
    assert ULID(b"\xff" * 16) == "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"
    assert ULID("7zzzzzzzzzzzzzzzzzzzzzzzzz").bytes == b"\xff" * 16


def test_other_types_are_a_type_error():
    with pytest.raises(TypeError):
        ULID(12)


def test_pickle_and_copy_keep_the_type():
    import copy
    import pickle
    u = ULID(KNOWN)
    for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(u, proto))
        assert type(back) is ULID and back == u
    assert type(copy.deepcopy(u)) is ULID
