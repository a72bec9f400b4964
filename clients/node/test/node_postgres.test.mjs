// ulid through node-postgres, the way an application uses it.  Run by
// `node --test` against a database with the ulid extension; libpq-style
// PGHOST/PGPORT/PGUSER/PGDATABASE say where (a PGHOST starting with / is a
// Unix socket directory).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { pipeline } from 'node:stream/promises'
import { Readable, Writable } from 'node:stream'
import pg from 'pg'
import copyStreams from 'pg-copy-streams'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

// the 16 bytes of a ULID's text form, decoded here: an oracle independent of
// the extension's codec
function ulidBytes (text) {
  let value = 0n
  for (const ch of text.toUpperCase()) value = value * 32n + BigInt(CROCKFORD.indexOf(ch))
  return Buffer.from(value.toString(16).padStart(32, '0'), 'hex')
}

// the canonical uuid string of 16 bytes
function uuidString (bytes) {
  const h = bytes.toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// a query option that hands back every binary field as its raw bytes
const rawBinary = { getTypeParser: (oid, format) => format === 'binary' ? (buf) => buf : (s) => s }

const KNOWN = '01ARYZ6S41TSV4RRFFQ69G5FAV'
const KNOWN_UUID = '01563df3-6481-d676-4c61-efb99302bd5b'

let client

before(async () => {
  client = new pg.Client()
  await client.connect()
})

after(async () => {
  await client.query('DROP TABLE IF EXISTS node_items')
  await client.end()
})

async function freshTable () {
  await client.query('DROP TABLE IF EXISTS node_items')
  await client.query('CREATE TABLE node_items (id ulid PRIMARY KEY DEFAULT gen_ulid(), n int4)')
}

test('the oracle agrees with the published uuid form', () => {
  assert.equal(uuidString(ulidBytes(KNOWN)), KNOWN_UUID)
})

test('text parameter in, text out', async () => {
  await freshTable()
  // node-postgres sends parameters untyped, so the server reads them as ulid
  await client.query('INSERT INTO node_items (id, n) VALUES ($1, $2)', [KNOWN.toLowerCase(), 1])
  const { rows } = await client.query('SELECT id, pg_typeof(id)::text AS t FROM node_items WHERE id = $1', [KNOWN])
  assert.deepEqual(rows, [{ id: KNOWN, t: 'ulid' }])
})

test('generated ids come back as increasing text', async () => {
  await freshTable()
  const { rows } = await client.query(
    'INSERT INTO node_items (n) SELECT g FROM generate_series(1, 200) g RETURNING id')
  const ids = rows.map((r) => r.id)
  assert.equal(new Set(ids).size, 200)
  for (const id of ids) assert.match(id, /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/)
  assert.deepEqual(ids, [...ids].sort())
})

test('bad text is an error with SQLSTATE 22P02', async () => {
  await freshTable()
  await assert.rejects(client.query('INSERT INTO node_items (id) VALUES ($1)', ['01ARYZ6S41TSV4RRFFQ69G5FAU']),
    (e) => e.code === '22P02' && /invalid input syntax for type ulid/.test(e.message))
})

test('COPY FROM STDIN and TO STDOUT (pg-copy-streams)', async () => {
  await freshTable()
  const values = [...'0123456789ABCDEF'].map((ch, i) => [`01ARYZ6S41TSV4RRFFQ69G5FA${ch}`, i])
  await pipeline(Readable.from(values.map(([id, n]) => `${id.toLowerCase()}\t${n}\n`)),
    client.query(copyStreams.from('COPY node_items (id, n) FROM STDIN')))
  let out = ''
  await pipeline(client.query(copyStreams.to('COPY (SELECT id, n FROM node_items ORDER BY id) TO STDOUT')),
    new Writable({ write (chunk, enc, cb) { out += chunk; cb() } }))
  assert.equal(out, values.map(([id, n]) => `${id}\t${n}\n`).join(''))
})

// the fields of a binary COPY stream (PGCOPY format) as Buffers, row by row
function parseBinaryCopy (buf) {
  assert.deepEqual(buf.subarray(0, 11), Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'))
  let pos = 11 + 4
  pos += 4 + buf.readInt32BE(pos) // header extension
  const rows = []
  for (;;) {
    const nfields = buf.readInt16BE(pos)
    pos += 2
    if (nfields === -1) break
    const row = []
    for (let f = 0; f < nfields; f++) {
      const len = buf.readInt32BE(pos)
      pos += 4
      row.push(len === -1 ? null : buf.subarray(pos, pos + len))
      if (len > 0) pos += len
    }
    rows.push(row)
  }
  assert.equal(pos, buf.length)
  return rows
}

test('binary-format results are the 16 bytes (binary COPY TO STDOUT)', async () => {
  await freshTable()
  await client.query('INSERT INTO node_items (n) SELECT g FROM generate_series(1, 50) g')
  const text = (await client.query('SELECT id FROM node_items ORDER BY id')).rows.map((r) => r.id)
  const chunks = []
  await pipeline(client.query(copyStreams.to('COPY (SELECT id FROM node_items ORDER BY id) TO STDOUT (FORMAT BINARY)')),
    new Writable({ write (chunk, enc, cb) { chunks.push(chunk); cb() } }))
  const rows = parseBinaryCopy(Buffer.concat(chunks))
  assert.equal(rows.length, 50)
  rows.forEach(([raw], i) => {
    assert.equal(raw.length, 16)
    assert.deepEqual(raw, ulidBytes(text[i]))
  })
})

// node-postgres 8.x decodes every result field as UTF-8 text before handing
// a binary one over as a Buffer, so bytes above 0x7f that do not form UTF-8
// come back mangled (brianc/node-postgres#3495, open).  Kept as a todo test:
// it reports what the driver does and will pass once the driver is fixed.
test('binary: true query results are the 16 bytes', { todo: 'node-postgres #3495: binary fields pass through UTF-8' }, async () => {
  await freshTable()
  await client.query('INSERT INTO node_items (n) SELECT g FROM generate_series(1, 50) g')
  const text = (await client.query('SELECT id FROM node_items ORDER BY id')).rows.map((r) => r.id)
  // binary results need the extended protocol (a query without parameters
  // would otherwise go as a simple, text-only query)
  const raw = (await client.query({ text: 'SELECT id FROM node_items ORDER BY id', queryMode: 'extended', binary: true, types: rawBinary }))
    .rows.map((r) => r.id)
  assert.equal(raw.length, 50)
  for (let i = 0; i < raw.length; i++) {
    assert.ok(Buffer.isBuffer(raw[i]))
    assert.deepEqual(raw[i], ulidBytes(text[i]))
  }
})

test('id::uuid comes back as the canonical uuid string of the same bytes', async () => {
  await freshTable()
  await client.query('INSERT INTO node_items (n) SELECT g FROM generate_series(1, 20) g')
  const { rows } = await client.query('SELECT id::text AS t, id::uuid AS u FROM node_items')
  assert.equal(rows.length, 20)
  for (const { t, u } of rows) {
    assert.equal(typeof u, 'string')
    assert.equal(u, uuidString(ulidBytes(t)))
  }
})

test('a uuid string as a ulid key: text, and typed uuid (1.1)', async () => {
  await freshTable()
  await client.query('INSERT INTO node_items (id, n) VALUES ($1::uuid, 7)', [KNOWN_UUID]) // assignment cast
  await client.query('INSERT INTO node_items (n) SELECT g FROM generate_series(100, 1100) g')
  // an untyped parameter reads as ulid, whose input reads uuid text too (1.7)
  assert.deepEqual((await client.query('SELECT n FROM node_items WHERE id = $1', [KNOWN_UUID])).rows, [{ n: 7 }])
  const { rows } = await client.query('SELECT n, id FROM node_items WHERE id = $1::uuid', [KNOWN_UUID])
  assert.deepEqual(rows, [{ n: 7, id: KNOWN }])
  await client.query('ANALYZE node_items')
  await client.query('SET enable_seqscan = off')
  const plan = (await client.query('EXPLAIN (COSTS OFF) SELECT n FROM node_items WHERE id = $1::uuid', [KNOWN_UUID]))
    .rows.map((r) => r['QUERY PLAN']).join('\n')
  await client.query('RESET enable_seqscan')
  assert.match(plan, /node_items_pkey/)
})
