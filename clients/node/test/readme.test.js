'use strict'
// The examples in README.md, run as they are written there (each block
// after a "<!-- example: NAME -->" line), with the names they assume.
const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const pg = require('pg')
const Knex = require('knex')
const { drizzle } = require('drizzle-orm/node-postgres')
const { pgTable, numeric } = require('drizzle-orm/pg-core')
const { eq } = require('drizzle-orm')
const { KNOWN, KNOWN_UUID, ULID_RE } = require('./helpers.js')

const README = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8')
const EXAMPLES = Object.fromEntries([...README.matchAll(/<!-- example: (\w+) -->\n```js\n(.*?)```/gs)].map((m) => [m[1], m[2]]))
const AsyncFunction = (async () => {}).constructor

// runs an example with the given names in scope; returns the named locals
function run (name, scope, results) {
  const fn = new AsyncFunction('require', ...Object.keys(scope), `${EXAMPLES[name]}\nreturn { ${results.join(', ')} }`)
  return fn(require, ...Object.values(scope))
}

let client

before(async () => {
  client = new pg.Client()
  await client.connect()
  await client.query('DROP TABLE IF EXISTS orders')
  await client.query('CREATE TABLE orders (id ulid PRIMARY KEY DEFAULT gen_ulid(), total numeric)')
  await client.query(`INSERT INTO orders (id, total) VALUES ('${KNOWN}', 1), (gen_ulid(), 2)`)
})

after(async () => {
  await client.query('DROP TABLE IF EXISTS orders')
  await client.end()
})

test('every library has a three-line example', () => {
  assert.deepEqual(Object.keys(EXAMPLES).sort(), ['drizzle', 'knex', 'pg'])
  for (const code of Object.values(EXAMPLES)) assert.equal(code.trim().split('\n').length, 3)
})

test('the node-postgres example', async () => {
  const { rows } = await run('pg', { client }, ['rows'])
  assert.equal(rows[0].ids.length, 2)
  assert.equal(rows[0].ids[0], KNOWN)
  assert.match(rows[0].ids[1], ULID_RE)
})

test('the Drizzle example', async () => {
  const db = drizzle(client)
  const { found } = await run('drizzle', { pgTable, numeric, db, eq, uuidString: KNOWN_UUID }, ['found'])
  assert.deepEqual(found, [{ id: KNOWN, total: '1' }])
})

test('the Knex example', async () => {
  await client.query('DROP TABLE orders')
  const connection = { host: process.env.PGHOST, port: process.env.PGPORT, user: process.env.PGUSER, database: process.env.PGDATABASE }
  const { knex } = await run('knex', { Knex, connection }, ['knex'])
  try {
    const [{ id }] = await knex('orders').insert({}).returning('id')
    assert.match(id, ULID_RE)
    const [{ ids }] = await knex('orders').select(knex.raw('array_agg(id) AS ids'))
    assert.deepEqual(ids, [id])
  } finally {
    await knex.destroy()
  }
})
