'use strict'
// pg-ulid/drizzle with drizzle-orm on node-postgres.
const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const pg = require('pg')
const { drizzle } = require('drizzle-orm/node-postgres')
const { pgTable, integer, text, getTableConfig } = require('drizzle-orm/pg-core')
const { eq, inArray, sql } = require('drizzle-orm')
const { ulid, genUlid } = require('pg-ulid/drizzle')
const { KNOWN, KNOWN_UUID, ULID_RE, ulidBytes } = require('./helpers.js')

const items = pgTable('drizzle_items', {
  id: ulid('id').primaryKey().default(genUlid),
  n: integer('n'),
  related: ulid('related').array()
})

// the same table as a user maps it by hand without pg-ulid
const plainItems = pgTable('drizzle_items', { id: text('id').primaryKey(), n: integer('n') })

let client, db

before(async () => {
  client = new pg.Client()
  await client.connect()
  db = drizzle(client)
  await client.query('DROP TABLE IF EXISTS drizzle_items')
  const cols = Object.fromEntries(getTableConfig(items).columns.map((c) => [c.name, c.getSQLType()]))
  assert.deepEqual(cols, { id: 'ulid', n: 'integer', related: 'ulid[]' })
  await client.query('CREATE TABLE drizzle_items (id ulid PRIMARY KEY DEFAULT gen_ulid(), n integer, related ulid[])')
})

after(async () => {
  await client.query('DROP TABLE drizzle_items')
  await client.end()
})

test('without pg-ulid, a uuid string is read as the same key (the type reads uuid text from 1.7)', async () => {
  await db.delete(items).where(eq(items.id, KNOWN))
  await db.insert(items).values({ id: KNOWN, n: 5 })
  assert.deepEqual(await db.select({ n: plainItems.n }).from(plainItems).where(eq(plainItems.id, KNOWN_UUID)), [{ n: 5 }])
  await db.delete(items).where(eq(items.id, KNOWN))
})

test('insert with the default, and keys in every form', async () => {
  const [made] = await db.insert(items).values({ n: 1 }).returning()
  assert.match(made.id, ULID_RE)
  for (const [i, key] of [KNOWN.toLowerCase(), KNOWN_UUID, ulidBytes(KNOWN)].entries()) {
    await db.delete(items).where(eq(items.id, KNOWN))
    const [row] = await db.insert(items).values({ id: key, n: 10 + i, related: [made.id, KNOWN_UUID] }).returning()
    assert.deepEqual(row, { id: KNOWN, n: 10 + i, related: [made.id, KNOWN] })
  }
})

test('where clauses take a uuid string or lower case', async () => {
  const want = await db.select().from(items).where(eq(items.id, KNOWN))
  assert.equal(want.length, 1)
  assert.deepEqual(await db.select().from(items).where(eq(items.id, KNOWN_UUID)), want)
  assert.deepEqual(await db.select().from(items).where(eq(items.id, KNOWN.toLowerCase())), want)
  const both = await db.select({ id: items.id }).from(items).where(inArray(items.id, [KNOWN_UUID, want[0].related[0]]))
  assert.equal(both.length, 2)
})

test('genUlid in a query', async () => {
  const [{ id }] = await db.select({ id: sql`${genUlid}::text` }).from(sql`(VALUES (1)) v`)
  assert.match(id, ULID_RE)
})
