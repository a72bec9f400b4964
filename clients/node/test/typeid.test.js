'use strict'
// pg-ulid's TypeID text and generators (plain and UUIDv7): the spec's
// vectors, against typeid-js (an independent implementation), and against
// the server's ulid_to_typeid, ulid_from_typeid, typeid_prefix,
// ulid_is_uuidv7 and gen_ulid() under ulid.uuidv7.
const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const pg = require('pg')
const { TypeID } = require('typeid-js')
const { toUlid, ulidToUuid, isUuidv7, toTypeid, fromTypeid, typeidPrefix, Generator, genUlid, genRandomUlid } = require('pg-ulid')

// the specification's valid.yml (0.3): TypeID, prefix, UUID
const VALID = [
  ['00000000000000000000000000', '', '00000000-0000-0000-0000-000000000000'],
  ['00000000000000000000000001', '', '00000000-0000-0000-0000-000000000001'],
  ['0000000000000000000000000a', '', '00000000-0000-0000-0000-00000000000a'],
  ['0000000000000000000000000g', '', '00000000-0000-0000-0000-000000000010'],
  ['00000000000000000000000010', '', '00000000-0000-0000-0000-000000000020'],
  ['7zzzzzzzzzzzzzzzzzzzzzzzzz', '', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
  ['prefix_0123456789abcdefghjkmnpqrs', 'prefix', '0110c853-1d09-52d8-d73e-1194e95b5f19'],
  ['prefix_01h455vb4pex5vsknk084sn02q', 'prefix', '01890a5d-ac96-774b-bcce-b302099a8057'],
  ['pre_fix_00000000000000000000000000', 'pre_fix', '00000000-0000-0000-0000-000000000000']
]

// invalid.yml, each with a word of the rule it breaks
const INVALID = [
  ['PREFIX_00000000000000000000000000', /prefix/],
  ['12345_00000000000000000000000000', /prefix/],
  ['pre.fix_00000000000000000000000000', /prefix/],
  ['pr\u00e9fix_00000000000000000000000000', /prefix/],
  ['  prefix_00000000000000000000000000', /prefix/],
  ['abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000', /at most 63/],
  ['_00000000000000000000000000', /separator/],
  ['_', /separator/],
  ['prefix_1234567890123456789012345', /26 characters/],
  ['prefix_123456789012345678901234567', /26 characters/],
  ['prefix_1234567890123456789012345 ', /suffix/],
  ['prefix_0123456789ABCDEFGHJKMNPQRS', /suffix/],
  ['prefix_123456789-123456789-123456', /suffix/],
  ['prefix_ooooooiiiiiiuuuuuuulllllll', /suffix/],
  ['prefix_i23456789ol23456789oi23456', /suffix/],
  ['prefix_123456789-0123456789-0123456', /26 characters/],
  ['prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz', /0-7/],
  ['_prefix_00000000000000000000000000', /underscore/],
  ['prefix__00000000000000000000000000', /underscore/]
]

test('the spec\'s valid vectors', () => {
  for (const [typeid, prefix, uuid] of VALID) {
    assert.equal(ulidToUuid(fromTypeid(typeid)), uuid, typeid)
    assert.equal(typeidPrefix(typeid), prefix, typeid)
    assert.equal(toTypeid(uuid, prefix), typeid, typeid)
    assert.equal(fromTypeid(typeid, prefix), toUlid(uuid), typeid)
  }
})

test('the spec\'s invalid vectors', () => {
  for (const [typeid, rule] of INVALID) {
    assert.throws(() => fromTypeid(typeid), (e) => e instanceof RangeError && rule.test(e.message), typeid)
    assert.throws(() => typeidPrefix(typeid), RangeError, typeid)
  }
})

test('bad prefixes and a required prefix', () => {
  for (const p of ['User', 'user_', '_user', 'a b', 'a'.repeat(64), 'caf\u00e9']) {
    assert.throws(() => toTypeid('01H455VB4PEX5VSKNK084SN02Q', p), RangeError, p)
  }
  assert.equal(fromTypeid('user_01h455vb4pex5vsknk084sn02q', 'user'), '01H455VB4PEX5VSKNK084SN02Q')
  for (const [t, p] of [['user_01h455vb4pex5vsknk084sn02q', 'post'], ['user_01h455vb4pex5vsknk084sn02q', ''],
    ['01h455vb4pex5vsknk084sn02q', 'user']]) {
    assert.throws(() => fromTypeid(t, p), /required/)
  }
})

// (typeid-js's toUUID() throws "Stringified UUID is invalid" for 16 bytes
// whose version and variant are not a UUID's, as most plain ULIDs' are not:
// its bytes are compared instead, and toUUID() only on UUIDv7s)
test('typeid-js agrees: format, parse and the invalid vectors', () => {
  const prefixes = ['', 'user', 'a_b', 'x'.repeat(63)]
  for (let i = 0; i < 2000; i++) {
    const v7 = i % 2 === 0
    const u = genRandomUlid({ uuidv7: v7 })
    const p = prefixes[i % prefixes.length]
    const theirs = TypeID.fromUUIDBytes(p, new Uint8Array(Buffer.from(ulidToUuid(u).replace(/-/g, ''), 'hex')))
    assert.equal(toTypeid(u, p), theirs.toString())
    const back = TypeID.fromString(toTypeid(u, p))
    assert.equal(toUlid(back.toUUIDBytes()), u)
    assert.equal(back.getType(), p)
    if (v7) assert.equal(back.toUUID(), ulidToUuid(u))
  }
  for (const [typeid] of INVALID) {
    assert.throws(() => TypeID.fromString(typeid), Error, `typeid-js accepts ${typeid}`)
  }
})

test('the UUIDv7 layout: counter start, carry, and mixing with the ULID layout', () => {
  let ms = 1469918176385
  const g = new Generator({ clock: () => ms, random: (n) => Buffer.alloc(n, 0xff) })
  const first = g.genUlid({ uuidv7: true })
  const hex = (u) => ulidToUuid(u).replace(/-/g, '')
  assert.equal(hex(first).slice(12, 16), '77ff')
  const values = [first]
  for (let i = 0; i < 0x801; i++) values.push(g.genUlid({ uuidv7: true }))
  assert.ok(values.every(isUuidv7))
  for (let i = 1; i < values.length; i++) assert.ok(values[i] > values[i - 1])
  assert.equal(hex(values.at(-2)).slice(12, 16), '7fff')
  assert.equal(hex(values.at(-1)).slice(12, 16), '7000')
  assert.equal(Number(BigInt('0x' + hex(values.at(-1)).slice(0, 12))), ms + 1)
  assert.equal(hex(g.genUlid()).slice(12, 16), '7001')
  ms -= 1000
  assert.ok(g.genUlid({ uuidv7: true }) > values.at(-1))
  const plain = new Generator({ clock: () => ms, random: (n) => Buffer.alloc(n, 0xff) })
  assert.equal(hex(plain.genUlid()).slice(12, 32), '7fffffffffffffffffff')
})

test('the default generators', () => {
  const v = []
  for (let i = 0; i < 20000; i++) v.push(genUlid({ uuidv7: true }))
  assert.ok(v.every(isUuidv7))
  for (let i = 1; i < v.length; i++) assert.ok(v[i] > v[i - 1])
  const r = []
  for (let i = 0; i < 1000; i++) r.push(genRandomUlid({ uuidv7: true }))
  assert.ok(r.every(isUuidv7))
  assert.equal(new Set(r).size, 1000)
})

let client
before(async () => {
  client = new pg.Client()
  await client.connect()
})
after(async () => { await client.end() })

test('the server agrees on TypeID text', async () => {
  const prefixes = ['', 'user', 'a_b', 'x'.repeat(63)]
  for (let i = 0; i < 300; i++) {
    const u = genRandomUlid()
    const p = prefixes[i % prefixes.length]
    const { rows } = await client.query(
      'SELECT ulid_to_typeid($1::ulid, $2) AS t, ulid_from_typeid($3)::text AS u, typeid_prefix($3) AS p',
      [u, p, toTypeid(u, p)])
    assert.deepEqual(rows[0], { t: toTypeid(u, p), u, p })
  }
  for (const [typeid] of INVALID) {
    await assert.rejects(client.query('SELECT ulid_from_typeid($1)', [typeid]), (e) => e.code === '22P02', typeid)
  }
})

test('UUIDv7s both ways: the server checks the client\'s, the client the server\'s', async () => {
  const mine = []
  for (let i = 0; i < 2000; i++) mine.push(i % 2 ? genUlid({ uuidv7: true }) : genRandomUlid({ uuidv7: true }))
  const { rows } = await client.query('SELECT count(*)::int AS n FROM unnest($1::text[]) t WHERE ulid_is_uuidv7(t::ulid)', [mine])
  assert.equal(rows[0].n, mine.length)
  await client.query('SET ulid.uuidv7 = on')
  const server = await client.query("SELECT gen_ulid()::text AS a, ulid_to_typeid(gen_random_ulid(), 'user') AS b FROM generate_series(1, 2000)")
  await client.query('RESET ulid.uuidv7')
  assert.ok(server.rows.every((r) => isUuidv7(r.a) && isUuidv7(fromTypeid(r.b, 'user'))))
  assert.ok(server.rows.every((r) => TypeID.fromString(r.b, 'user').toUUID() === ulidToUuid(fromTypeid(r.b))))
})
