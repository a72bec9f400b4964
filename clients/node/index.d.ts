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

/** Whether the 16 bytes are also a valid UUIDv7 (the server's ulid_is_uuidv7). */
export function isUuidv7(value: string | Uint8Array): boolean
/** The TypeID of a ULID with a prefix ('' for none): the server's ulid_to_typeid. Throws RangeError for a bad prefix. */
export function toTypeid(value: string | Uint8Array, prefix?: string): string
/** The ULID's canonical text of a TypeID, which must have prefix if given: the server's ulid_from_typeid. Throws RangeError naming the rule that failed. */
export function fromTypeid(text: string, prefix?: string): string
/** The prefix of a TypeID ('' if none): the server's typeid_prefix. */
export function typeidPrefix(text: string): string
export interface GenerateOptions {
  /** Make the value a valid UUIDv7 too, as the server does under ulid.uuidv7 = on. */
  uuidv7?: boolean
}
/** The server's generator state machine, with an injectable clock and random source. */
export class Generator {
  constructor(options?: { clock?: () => number, random?: (n: number) => Uint8Array })
  /** The next ULID, strictly increasing: the server's gen_ulid(). */
  genUlid(options?: GenerateOptions): string
  /** A ULID of a millisecond (the clock's by default) and fresh random bits: gen_random_ulid(), gen_ulid(timestamptz). */
  genRandomUlid(options?: GenerateOptions & { ms?: number }): string
}
/** The next ULID of this process's generator, strictly increasing. */
export function genUlid(options?: GenerateOptions): string
/** A ULID of the current millisecond and fresh random bits. */
export function genRandomUlid(options?: GenerateOptions): string
