import type { SQL } from 'drizzle-orm'
import type { PgCustomColumnBuilder } from 'drizzle-orm/pg-core'
import type { ConvertCustomConfig } from 'drizzle-orm/pg-core'

type UlidConfig = { data: string; driverData: string }

/** A ulid column: ulid('id').primaryKey().default(genUlid). Writes accept a uuid string or 16 bytes too. */
export function ulid<TName extends string>(name: TName): PgCustomColumnBuilder<ConvertCustomConfig<TName, UlidConfig>>
export function ulid(): PgCustomColumnBuilder<ConvertCustomConfig<'', UlidConfig>>
/** gen_ulid(), for .default(genUlid) or in a query. */
export const genUlid: SQL
export { toUlid } from './index'
