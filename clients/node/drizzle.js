'use strict'
// A Drizzle column for ulid:  id: ulid('id').primaryKey().default(genUlid)
// Values read back are the canonical text; values written may be a ULID in
// either case, a uuid string or 16 bytes (toUlid() makes them canonical).

const { customType } = require('drizzle-orm/pg-core')
const { sql } = require('drizzle-orm')
const { toUlid } = require('./index.js')

const ulid = customType({
  dataType () {
    return 'ulid'
  },
  toDriver (value) {
    return toUlid(value)
  },
  fromDriver (value) {
    return value
  }
})

// gen_ulid(), for .default(genUlid) or in a query
const genUlid = sql`gen_ulid()`

module.exports = { ulid, genUlid, toUlid }
