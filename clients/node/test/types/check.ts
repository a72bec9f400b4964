// Compiled (not run) by types.test.js: the .d.ts files describe the API as
// the tests use it.
import pg from 'pg'
import knexFactory from 'knex'
import { pgTable, integer } from 'drizzle-orm/pg-core'
import { eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { registerUlid, toUlid, ulidToUuid, ulidToBytes, ulidTime, parseUlidArray, type UlidOids } from 'pg-ulid'
import * as pgUlid from 'pg-ulid'
import { ulid, genUlid } from 'pg-ulid/drizzle'
import * as knexUlid from 'pg-ulid/knex'

export async function check (): Promise<void> {
  const client = new pg.Client()
  const oids: UlidOids = await registerUlid(client)
  const pool = new pg.Pool()
  const n: number = (await registerUlid(pool)).arrayOid + oids.oid
  const s: string = toUlid(Buffer.alloc(16)) + ulidToUuid('01ARYZ6S41TSV4RRFFQ69G5FAV')
  const b: Buffer = ulidToBytes(s)
  const d: Date = ulidTime(s)
  const a: any[] = parseUlidArray('{}')

  const items = pgTable('items', { id: ulid('id').primaryKey().default(genUlid), n: integer('n') })
  const db = drizzle(client)
  const rows = await db.select().from(items).where(eq(items.id, 'x'))
  const id: string = rows[0].id
  await db.insert(items).values({ n: 1 })

  const knex = knexFactory({ client: 'pg', pool: { afterCreate: knexUlid.afterCreate } })
  await knex.schema.createTable('t', (t) => {
    knexUlid.ulid(t, 'id').primary().defaultTo(knexUlid.genUlid(knex))
  })
  const k: string = knexUlid.toUlid(id)

  const t: string = pgUlid.toTypeid(pgUlid.genUlid({ uuidv7: true }), 'user')
  const u: string = pgUlid.fromTypeid(t, 'user') + pgUlid.fromTypeid(t) + pgUlid.typeidPrefix(t)
  const v7: boolean = pgUlid.isUuidv7(u.slice(0, 26))
  const g = new pgUlid.Generator({ clock: () => 0, random: (len) => new Uint8Array(len) })
  const r: string = g.genUlid() + g.genRandomUlid({ uuidv7: true, ms: 1 }) + pgUlid.genRandomUlid()
  console.log(n, s, b, d, a, k, t, u, v7, r)
}
