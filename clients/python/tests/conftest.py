"""Shared by the pgulid tests: libpq's PG* variables name a database that has
the ulid extension (clients/run.sh makes one)."""

import re
import uuid

import pytest

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
KNOWN = "01ARYZ6S41TSV4RRFFQ69G5FAV"
KNOWN_UUID = uuid.UUID("01563df3-6481-d676-4c61-efb99302bd5b")


def ulid_bytes(text):
    """The 16 bytes of a ULID's text: an oracle apart from pgulid's codec."""
    value = 0
    for ch in text.upper():
        value = value * 32 + CROCKFORD.index(ch)
    return value.to_bytes(16, "big")


@pytest.fixture
def table_name(request):
    return "t_" + re.sub("[^a-z0-9]+", "_", request.node.name.lower())[:50]
