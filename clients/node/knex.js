'use strict'
// Knex helpers for ulid:
//   ulid(table, 'id').primary().defaultTo(genUlid(knex))   in createTable
//   pool: { afterCreate }                                 registerUlid on every connection
//   toUlid(value)                                         a uuid string or 16 bytes as a ULID

const { registerUlid, toUlid } = require('./index.js')

// a ulid column in a createTable/alterTable callback
function ulid (table, name) {
  return table.specificType(name, 'ulid')
}

// gen_ulid(), for defaultTo()
function genUlid (knex) {
  return knex.raw('gen_ulid()')
}

// for Knex's pool option afterCreate(connection, done): each new pg
// connection learns the ulid type of its database (ulid[] as arrays)
function afterCreate (connection, done) {
  registerUlid(connection).then(() => done(null, connection), (err) => done(err, connection))
}

module.exports = { ulid, genUlid, afterCreate, toUlid }
