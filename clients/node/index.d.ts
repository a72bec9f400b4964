/** The OIDs of ulid and ulid[] in one database. */
export interface UlidOids {
  oid: number
  arrayOid: number
}

/** A pg.Client (connected) or a pg.Pool: what registerUlid accepts. */
export interface UlidRegistrable {
  query(text: string): Promise<{ rows: any[] }>
  setTypeParser?(oid: number, format: 'text' | 'binary', parse: (value: any) => any): void
  on?(event: 'connect', listener: (client: any) => void): unknown
  connect?(): Promise<any>
}

/** Teach a client or pool the ulid type of its database: ulid stays a string, ulid[] becomes string[]. */
export function registerUlid(clientOrPool: UlidRegistrable): Promise<UlidOids>
/** The OIDs of ulid and ulid[]; rejects if the extension is not installed. */
export function lookupUlidOids(queryable: { query(text: string): Promise<{ rows: any[] }> }): Promise<UlidOids>
/** The canonical text from a ULID in either case, a uuid string, or 16 bytes. */
export function toUlid(value: string | Uint8Array): string
/** The uuid string of the same 16 bytes. */
export function ulidToUuid(value: string | Uint8Array): string
/** The 16 bytes. */
export function ulidToBytes(value: string | Uint8Array): Buffer
/** The creation time, to the millisecond. */
export function ulidTime(value: string | Uint8Array): Date
/** The text form of a ulid[] as nested arrays. */
export function parseUlidArray(text: string): any[]
/** The binary form of a ulid[] (array_send's bytes) as nested arrays; throws on bytes node-postgres mangled. */
export function parseBinaryUlidArray(value: Buffer | string): any[]
