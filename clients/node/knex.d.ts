import type { Knex } from 'knex'

/** A ulid column in a createTable/alterTable callback. */
export function ulid(table: Knex.CreateTableBuilder | Knex.AlterTableBuilder, name: string): Knex.ColumnBuilder
/** gen_ulid(), for defaultTo(). */
export function genUlid(knex: Knex): Knex.Raw
/** For the pool option afterCreate: registerUlid on each new connection. */
export function afterCreate(connection: any, done: (err: Error | null, connection: any) => void): void
export { toUlid } from './index'
