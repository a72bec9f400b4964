"""pgulid's TypeID text and its generators (plain and UUIDv7), on their own
and against the server's ulid_to_typeid, ulid_from_typeid, typeid_prefix,
ulid_is_uuidv7 and gen_ulid() under ulid.uuidv7."""

import itertools
import os
import uuid

import psycopg
import pytest

from pgulid import ULID, Generator, TypeIDError, gen_random_ulid, gen_ulid, typeid_prefix

# the TypeID specification's valid.yml (0.3): TypeID, prefix, UUID
VALID = [
    ("00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000"),
    ("00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001"),
    ("0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a"),
    ("0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010"),
    ("00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020"),
    ("7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
    ("prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19"),
    ("prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057"),
    ("pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000"),
]

# invalid.yml, each with a word of the rule it breaks (in the message)
INVALID = [
    ("PREFIX_00000000000000000000000000", "prefix"),
    ("12345_00000000000000000000000000", "prefix"),
    ("pre.fix_00000000000000000000000000", "prefix"),
    ("pr\u00e9fix_00000000000000000000000000", "prefix"),
    ("  prefix_00000000000000000000000000", "prefix"),
    ("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
     "at most 63"),
    ("_00000000000000000000000000", "separator"),
    ("_", "separator"),
    ("prefix_1234567890123456789012345", "26 characters"),
    ("prefix_123456789012345678901234567", "26 characters"),
    ("prefix_1234567890123456789012345 ", "suffix"),
    ("prefix_0123456789ABCDEFGHJKMNPQRS", "suffix"),
    ("prefix_123456789-123456789-123456", "suffix"),
    ("prefix_ooooooiiiiiiuuuuuuulllllll", "suffix"),
    ("prefix_i23456789ol23456789oi23456", "suffix"),
    ("prefix_123456789-0123456789-0123456", "26 characters"),
    ("prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", "0-7"),
    ("_prefix_00000000000000000000000000", "underscore"),
    ("prefix__00000000000000000000000000", "underscore"),
]


@pytest.mark.parametrize("typeid,prefix,uuid_text", VALID)
def test_valid_vectors(typeid, prefix, uuid_text):
    u = ULID.from_typeid(typeid)
    assert u.uuid == uuid.UUID(uuid_text)
    assert typeid_prefix(typeid) == prefix
    assert ULID(uuid.UUID(uuid_text)).to_typeid(prefix) == typeid
    assert ULID.from_typeid(typeid, prefix) == u


@pytest.mark.parametrize("typeid,rule", INVALID)
def test_invalid_vectors(typeid, rule):
    with pytest.raises(TypeIDError, match=rule):
        ULID.from_typeid(typeid)
    with pytest.raises(ValueError):
        typeid_prefix(typeid)


@pytest.mark.parametrize("prefix", ["User", "user_", "_user", "a b", "a" * 64, "caf\u00e9"])
def test_bad_prefixes_are_refused_when_formatting(prefix):
    with pytest.raises(TypeIDError):
        ULID("01H455VB4PEX5VSKNK084SN02Q").to_typeid(prefix)


def test_a_required_prefix():
    assert ULID.from_typeid("user_01h455vb4pex5vsknk084sn02q", "user") == "01H455VB4PEX5VSKNK084SN02Q"
    for text, want in [("user_01h455vb4pex5vsknk084sn02q", "post"),
                       ("user_01h455vb4pex5vsknk084sn02q", ""),
                       ("01h455vb4pex5vsknk084sn02q", "user")]:
        with pytest.raises(TypeIDError, match="required"):
            ULID.from_typeid(text, want)


def test_is_uuidv7():
    assert ULID(uuid.UUID("01890a5d-ac96-774b-bcce-b302099a8057")).is_uuidv7
    assert not ULID(uuid.UUID("01890a5d-ac96-674b-bcce-b302099a8057")).is_uuidv7
    assert not ULID(uuid.UUID("01890a5d-ac96-774b-fcce-b302099a8057")).is_uuidv7


class FakeClock:
    def __init__(self, ms):
        self.ms = ms

    def __call__(self):
        return self.ms


def test_generator_uuidv7_layout_counter_and_carry():
    clock = FakeClock(1469918176385)
    ones = Generator(clock=clock, random=lambda n: b"\xff" * n)
    first = ones.gen_ulid(uuidv7=True)
    assert first.is_uuidv7 and first.timestamp_ms == clock.ms
    assert first.bytes[6:8] == b"\x77\xff"  # 0x7 and the largest start, 0x7FF
    values = [first] + [ones.gen_ulid(uuidv7=True) for _ in range(0x801)]
    assert all(v.is_uuidv7 for v in values)
    assert all(a < b for a, b in zip(values, values[1:]))
    # 0x7FF + 2048 steps: 0xFFF of the same millisecond; one more carries
    assert values[-2].timestamp_ms == clock.ms and values[-2].bytes[6:8] == b"\x7f\xff"
    assert values[-1].timestamp_ms == clock.ms + 1 and values[-1].bytes[6:8] == b"\x70\x00"
    # the ULID layout goes on from there by one; UUIDv7 after plain 0x8000: next ms
    plain = ones.gen_ulid()
    assert plain.bytes[6:8] == b"\x70\x01"
    ones._hi = (clock.ms << 16) | 0x8000
    after = ones.gen_ulid(uuidv7=True)
    assert after.timestamp_ms == clock.ms + 1 and after.bytes[6:8] == b"\x70\x00"
    # the clock going back changes nothing
    clock.ms -= 1000
    assert ones.gen_ulid(uuidv7=True) > after


def test_generator_plain_layout_as_before():
    clock = FakeClock(1469918176385)
    g = Generator(clock=clock, random=lambda n: b"\xff" * n)
    v = g.gen_ulid()
    assert v.bytes[6:8] == b"\x7f\xff" and v.bytes[8:] == b"\xff" * 8
    assert g.gen_ulid().bytes[6:8] == b"\x80\x00"


def test_default_generators():
    values = [gen_ulid(uuidv7=True) for _ in range(20000)]
    assert all(v.is_uuidv7 for v in values)
    assert all(a < b for a, b in zip(values, values[1:]))
    randoms = [gen_random_ulid(uuidv7=True) for _ in range(1000)]
    assert all(v.is_uuidv7 for v in randoms) and len(set(randoms)) == 1000
    plain = [gen_random_ulid() for _ in range(1000)]
    assert not all(v.is_uuidv7 for v in plain)


def test_fork_starts_afresh():
    gen_ulid()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.write(w, gen_ulid().encode())
        os._exit(0)
    os.close(w)
    child = os.read(r, 64).decode()
    os.waitpid(pid, 0)
    parent = gen_ulid()
    # the child did not continue the parent's sequence: different random bits
    assert child[-13:] != parent[-13:]


@pytest.fixture
def conn():
    with psycopg.connect(autocommit=True) as c:
        yield c


def test_server_agrees_on_typeid(conn):
    values = [gen_random_ulid() for _ in range(500)] + [ULID(b"\x00" * 16), ULID(b"\xff" * 16)]
    prefixes = ["", "user", "a_b", "x" * 63]
    for v, p in zip(values, itertools.cycle(prefixes)):
        text, back, prefix = conn.execute(
            "SELECT ulid_to_typeid(%s::ulid, %s), ulid_from_typeid(%s)::text, typeid_prefix(%s)",
            (str(v), p, v.to_typeid(p), v.to_typeid(p))).fetchone()
        assert text == v.to_typeid(p)
        assert back == v
        assert prefix == p


@pytest.mark.parametrize("typeid,rule", INVALID)
def test_server_rejects_what_the_client_rejects(conn, typeid, rule):
    with pytest.raises(psycopg.errors.InvalidTextRepresentation):
        conn.execute("SELECT ulid_from_typeid(%s)", (typeid,))


def test_server_sees_client_v7_values_as_uuidv7(conn):
    values = [str(gen_ulid(uuidv7=True)) for _ in range(2000)]
    values += [str(gen_random_ulid(uuidv7=True)) for _ in range(2000)]
    (n,) = conn.execute("SELECT count(*) FROM unnest(%s::text[]) t WHERE ulid_is_uuidv7(t::ulid)",
                        (values,)).fetchone()
    assert n == len(values)


def test_client_sees_server_v7_values_as_uuidv7(conn):
    conn.execute("SET ulid.uuidv7 = on")
    rows = conn.execute("SELECT gen_ulid()::text, ulid_to_typeid(gen_random_ulid(), 'user') "
                        "FROM generate_series(1, 2000)").fetchall()
    assert all(ULID(a).is_uuidv7 for a, _ in rows)
    assert all(ULID.from_typeid(t, "user").is_uuidv7 for _, t in rows)
