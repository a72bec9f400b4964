'use strict'
// pg-ulid with node-postgres, against the friction without it.
const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const pg = require('pg')
const { registerUlid, toUlid, parseBinaryUlidArray } = require('pg-ulid')
const { ulidBytes, KNOWN, KNOWN_UUID, ULID_RE } = require('./helpers.js')

// the second database: its ulid type gets other OIDs
const OTHER_DB = `${process.env.PGDATABASE}_other`
let admin

before(async () => {
  admin = new pg.Client()
  await admin.connect()
  await admin.query('DROP TABLE IF EXISTS node_items')
  await admin.query('CREATE TABLE node_items (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4)')
  await admin.query(`INSERT INTO node_items (id, n) VALUES ('${KNOWN}', 0)`)
  await admin.query('INSERT INTO node_items (n) SELECT g FROM generate_series(1, 20) g')
})

after(async () => {
  await admin.query('DROP TABLE node_items')
  await admin.query(`DROP DATABASE IF EXISTS ${OTHER_DB}`)
  await admin.end()
})

async function withClient (fn, config) {
  const client = new pg.Client(config)
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const ARRAYS = `SELECT array_agg(id ORDER BY id) AS ids, '{}'::ulid[] AS empty,
  ARRAY[[id, NULL], [NULL, id]] AS square FROM node_items WHERE n < 3 GROUP BY id ORDER BY id`

test('without pg-ulid, ulid[] arrives as an unparsed string', () => withClient(async (c) => {
  const { rows } = await c.query(`SELECT ARRAY['${KNOWN}']::ulid[] AS a`)
  assert.equal(rows[0].a, `{${KNOWN}}`)
}))

test('with registerUlid, ulid[] is an array of strings, any shape', () => withClient(async (c) => {
  await registerUlid(c)
  const text = (await c.query('SELECT id FROM node_items WHERE n < 3 ORDER BY id')).rows.map((r) => r.id)
  const { rows } = await c.query(ARRAYS)
  assert.equal(rows.length, 3)
  rows.forEach((r, i) => {
    assert.deepEqual(r.ids, [text[i]])
    assert.deepEqual(r.empty, [])
    assert.deepEqual(r.square, [[text[i], null], [null, text[i]]])
  })
  const all = (await c.query('SELECT array_agg(id ORDER BY id) AS a FROM node_items')).rows[0].a
  assert.equal(all.length, 21)
  for (const id of all) assert.match(id, ULID_RE)
  assert.equal(all[0], KNOWN)
}))

test('ulid stays a string, and ulid[] parses in rowMode array too', () => withClient(async (c) => {
  await registerUlid(c)
  const { rows } = await c.query({ text: `SELECT id, ARRAY[id] FROM node_items WHERE n = 0`, rowMode: 'array' })
  assert.deepEqual(rows, [[KNOWN, [KNOWN]]])
}))

test('the OIDs are looked up per database', async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${OTHER_DB}`)
  await admin.query(`CREATE DATABASE ${OTHER_DB}`)
  const oids = await withClient(async (c) => {
    // types made first, so this database's ulid gets other OIDs
    await c.query('CREATE TYPE pad1 AS (a int); CREATE TYPE pad2 AS (a int); CREATE EXTENSION ulid')
    const o = await registerUlid(c)
    const { rows } = await c.query(`SELECT ARRAY['${KNOWN}', NULL]::ulid[] AS a`)
    assert.deepEqual(rows[0].a, [KNOWN, null])
    return o
  }, { database: OTHER_DB })
  const here = await withClient((c) => registerUlid(c))
  assert.notEqual(oids.oid, here.oid)
  assert.notEqual(oids.arrayOid, here.arrayOid)
})

test('registerUlid on a pool reaches every client it connects', async () => {
  const pool = new pg.Pool({ max: 3 })
  try {
    await registerUlid(pool)
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()])
    try {
      for (const c of held) {
        const { rows } = await c.query(`SELECT ARRAY['${KNOWN}']::ulid[] AS a`)
        assert.deepEqual(rows[0].a, [KNOWN])
      }
    } finally {
      held.forEach((c) => c.release())
    }
    assert.equal(pool.totalCount, 3)
    const { rows } = await pool.query(ARRAYS)
    assert.equal(rows.length, 3)
  } finally {
    await pool.end()
  }
})

test('registerUlid where there is no extension', () => withClient(async (c) => {
  await assert.rejects(registerUlid(c), /type ulid not found/)
}, { database: 'postgres' }))

// node-postgres 8 decodes every field as UTF-8 before a binary parser sees
// it (brianc/node-postgres#3495), so the bytes of binary: true results that
// are not well-formed UTF-8 are lost before pg-ulid can see them.
const binary = (text, values) => ({ text, values, queryMode: 'extended', binary: true })

test('without pg-ulid, binary: true corrupts ulid bytes silently', () => withClient(async (c) => {
  const { rows } = await c.query(binary('SELECT id FROM node_items WHERE n = 0'))
  // neither the text nor the bytes: U+FFFD where they were not UTF-8
  const got = rows[0].id
  assert.notEqual(got, KNOWN)
  assert.ok(!Buffer.from(got).equals(ulidBytes(KNOWN)))
  assert.ok(Buffer.from(got).includes(Buffer.from('\ufffd')))
}))

test('with registerUlid, binary: true gives the text when the bytes survived, and an error when not', () => withClient(async (c) => {
  const { oid } = await registerUlid(c)
  // bytes below 0x80 are well-formed UTF-8: they arrive intact
  const ascii = toUlid(Buffer.from('0123456789abcdef'))
  const { rows } = await c.query(binary('SELECT $1::ulid AS id', [ascii]))
  assert.deepEqual(rows, [{ id: ascii }])
  // a binary array starts with its element type's OID: intact only if that
  // is below 0x80 in each byte too
  const array = c.query(binary('SELECT ARRAY[$1::ulid] AS a', [ascii]))
  if (oid.toString(16).padStart(8, '0').match(/../g).every((h) => parseInt(h, 16) < 0x80)) {
    assert.deepEqual((await array).rows, [{ a: [ascii] }])
  } else {
    await assert.rejects(array, /3495/)
  }
  // a NULL in an array has the length -1, four 0xff bytes: lost
  await assert.rejects(c.query(binary('SELECT ARRAY[$1::ulid, NULL] AS a', [ascii])), /3495/)
  // an ID of today starts 0x01 0x9x-0xAx: a lone continuation byte, lost
  await assert.rejects(c.query(binary('SELECT gen_ulid() AS id')), /node-postgres#?.*3495|issues\/3495/)
  await assert.rejects(c.query(binary(`SELECT ARRAY['${KNOWN}']::ulid[] AS a`)), /3495/)
}))

test('a uuid string as a key: read untyped (1.7), and through toUlid', () => withClient(async (c) => {
  assert.deepEqual((await c.query('SELECT n FROM node_items WHERE id = $1', [KNOWN_UUID])).rows, [{ n: 0 }])
  const { rows } = await c.query('SELECT n FROM node_items WHERE id = $1', [toUlid(KNOWN_UUID)])
  assert.deepEqual(rows, [{ n: 0 }])
}))

test('parseBinaryUlidArray reads array_send of ulid[], any shape', () => withClient(async (c) => {
  const { rows } = await c.query(`SELECT array_send(a) AS b, a::text[] AS t FROM (VALUES
    (ARRAY['${KNOWN}', NULL]::ulid[]), ('{}'::ulid[]), (ARRAY[['${KNOWN}', '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'], [NULL, '${KNOWN}']]::ulid[])) v(a)`)
  assert.equal(rows.length, 3)
  for (const { b, t } of rows) assert.deepEqual(parseBinaryUlidArray(b), t)
}))
