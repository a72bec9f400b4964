'use strict'
// pg-ulid/knex with Knex on node-postgres.
const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const knexFactory = require('knex')
const { ulid, genUlid, afterCreate, toUlid } = require('pg-ulid/knex')
const { KNOWN, KNOWN_UUID, ULID_RE } = require('./helpers.js')

function connection () {
  return {
    host: process.env.PGHOST,
    port: process.env.PGPORT,
    user: process.env.PGUSER,
    database: process.env.PGDATABASE
  }
}

let knex

before(async () => {
  knex = knexFactory({ client: 'pg', connection: connection(), pool: { min: 0, max: 2, afterCreate } })
  await knex.schema.dropTableIfExists('knex_items')
  await knex.schema.createTable('knex_items', (t) => {
    ulid(t, 'id').primary().defaultTo(genUlid(knex))
    t.integer('n')
  })
})

after(async () => {
  await knex.schema.dropTableIfExists('knex_items')
  await knex.destroy()
})

test('createTable makes a ulid column with DEFAULT gen_ulid()', async () => {
  const { rows } = await knex.raw(`SELECT format_type(atttypid, atttypmod) AS type, pg_get_expr(adbin, adrelid) AS def
    FROM pg_attribute JOIN pg_attrdef ON adrelid = attrelid AND adnum = attnum
    WHERE attrelid = 'knex_items'::regclass AND attname = 'id'`)
  assert.deepEqual(rows, [{ type: 'ulid', def: 'gen_ulid()' }])
})

test('inserts get their key from the database', async () => {
  const rows = await knex('knex_items').insert([{ n: 1 }, { n: 2 }]).returning('id')
  assert.equal(rows.length, 2)
  for (const { id } of rows) assert.match(id, ULID_RE)
})

test('a uuid string: found as is (1.7), and through toUlid', async () => {
  await knex('knex_items').insert({ id: KNOWN.toLowerCase(), n: 0 })
  assert.deepEqual(await knex('knex_items').where('id', KNOWN_UUID).select('id', 'n'), [{ id: KNOWN, n: 0 }])
  assert.deepEqual(await knex('knex_items').where('id', toUlid(KNOWN_UUID)).select('id', 'n'), [{ id: KNOWN, n: 0 }])
})

test('afterCreate: ulid[] comes back as an array', async () => {
  const [{ ids }] = await knex('knex_items').select(knex.raw('array_agg(id ORDER BY id) AS ids'))
  assert.ok(Array.isArray(ids))
  assert.equal(ids.length, 3)
  assert.equal(ids[0], KNOWN)
})

test('without afterCreate, ulid[] is a string', async () => {
  const plain = knexFactory({ client: 'pg', connection: connection(), pool: { min: 0, max: 1 } })
  try {
    const [{ ids }] = await plain('knex_items').select(plain.raw('array_agg(id ORDER BY id) AS ids'))
    assert.equal(typeof ids, 'string')
  } finally {
    await plain.destroy()
  }
})
