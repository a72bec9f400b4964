'use strict'
// ulid for node-postgres: registerUlid() teaches a Client or Pool the OIDs
// of ulid and ulid[] in its database, and toUlid() and friends convert
// between a ULID's text, a uuid string and the 16 bytes.  toTypeid(),
// fromTypeid() and typeidPrefix() are the server's TypeID functions (spec
// 0.3); genUlid() and genRandomUlid() make ULIDs as the server does, and
// with { uuidv7: true } as it does under ulid.uuidv7 = on.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const VALUES = new Map()
for (let i = 0; i < 32; i++) {
  VALUES.set(ALPHABET[i], i)
  VALUES.set(ALPHABET[i].toLowerCase(), i)
}
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ISSUE_3495 = 'https://github.com/brianc/node-postgres/issues/3495'

// the canonical text of 16 bytes
function encode (bytes) {
  let value = BigInt('0x' + Buffer.from(bytes).toString('hex'))
  let out = ''
  for (let i = 0; i < 26; i++) {
    out = ALPHABET[Number(value & 31n)] + out
    value >>= 5n
  }
  return out
}

// the 16 bytes of a ULID's text, either case; throws RangeError if invalid
function decode (text) {
  if (typeof text !== 'string' || text.length !== 26) {
    throw new RangeError(`invalid ULID ${JSON.stringify(text)}: not 26 characters`)
  }
  let value = 0n
  for (const ch of text) {
    const digit = VALUES.get(ch)
    if (digit === undefined) throw new RangeError(`invalid ULID ${JSON.stringify(text)}: ${JSON.stringify(ch)} is not a Crockford base32 digit`)
    value = (value << 5n) | BigInt(digit)
  }
  if (value >> 128n) throw new RangeError(`invalid ULID ${JSON.stringify(text)}: above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ`)
  return Buffer.from(value.toString(16).padStart(32, '0'), 'hex')
}

// a ULID's canonical text from its text (either case), a uuid string, or 16
// bytes (Buffer or Uint8Array)
function toUlid (value) {
  if (typeof value === 'string') {
    if (value.length === 36 && UUID_RE.test(value)) return encode(Buffer.from(value.replace(/-/g, ''), 'hex'))
    return encode(decode(value))
  }
  if (value instanceof Uint8Array) {
    if (value.length !== 16) throw new RangeError(`a ULID is 16 bytes, not ${value.length}`)
    return encode(value)
  }
  throw new TypeError(`cannot make a ULID of ${value === null ? 'null' : typeof value}`)
}

// the canonical uuid string of the same 16 bytes (what id::uuid gives)
function ulidToUuid (value) {
  const h = decode(toUlid(value)).toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

// the 16 bytes
function ulidToBytes (value) {
  return decode(toUlid(value))
}

// the creation time (what id::timestamptz gives)
function ulidTime (value) {
  return new Date(Number(decode(toUlid(value)).readUIntBE(0, 6)))
}

// ulid[] in text form: nested braces, unquoted elements, NULL, and an
// optional dimension decoration such as [0:1]={...}
function parseUlidArray (text) {
  let pos = 0
  if (text[0] === '[') pos = text.indexOf('=') + 1
  function parse () {
    if (text[pos] !== '{') throw new SyntaxError(`malformed ulid[] ${JSON.stringify(text)}`)
    pos++
    const out = []
    if (text[pos] === '}') { pos++; return out }
    for (;;) {
      if (text[pos] === '{') {
        out.push(parse())
      } else {
        let end = pos
        while (text[end] !== ',' && text[end] !== '}' && end < text.length) end++
        const item = text.slice(pos, end)
        out.push(item === 'NULL' ? null : item)
        pos = end
      }
      if (text[pos] === ',') { pos++; continue }
      if (text[pos] === '}') { pos++; return out }
      throw new SyntaxError(`malformed ulid[] ${JSON.stringify(text)}`)
    }
  }
  return parse()
}

// node-postgres 8 decodes every field as UTF-8 before a binary parser sees
// it (re-encoded as a Buffer, or as the string with rowMode 'array').  Bytes
// that are well-formed UTF-8 survive that exactly; others become U+FFFD.
// So the bytes are right if there is no U+FFFD, and unknowable otherwise.
function receivedBytes (value) {
  const buf = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value)
  if (buf.includes(Buffer.from([0xef, 0xbf, 0xbd]))) {
    throw new Error('pg-ulid: node-postgres decoded a binary ulid value as UTF-8 and lost its bytes ' +
      `(${ISSUE_3495}); read ulid columns in text format (leave out binary: true)`)
  }
  return buf
}

function parseBinaryUlid (value) {
  const buf = receivedBytes(value)
  if (buf.length !== 16) throw new Error(`pg-ulid: a binary ulid value has 16 bytes, not ${buf.length}`)
  return encode(buf)
}

// array_send's format: ndim, has-nulls flag, element OID, then per dimension
// its length and lower bound, then each element as a length and its bytes
function parseBinaryUlidArray (value) {
  const buf = receivedBytes(value)
  const ndim = buf.readInt32BE(0)
  if (ndim === 0) return []
  const dims = []
  for (let d = 0; d < ndim; d++) dims.push(buf.readInt32BE(12 + 8 * d))
  let pos = 12 + 8 * ndim
  function build (d) {
    const out = []
    for (let i = 0; i < dims[d]; i++) {
      if (d < ndim - 1) {
        out.push(build(d + 1))
        continue
      }
      const len = buf.readInt32BE(pos)
      pos += 4
      if (len === -1) {
        out.push(null)
      } else {
        if (len !== 16) throw new Error(`pg-ulid: a binary ulid value has 16 bytes, not ${len}`)
        out.push(encode(buf.subarray(pos, pos + 16)))
        pos += 16
      }
    }
    return out
  }
  return build(0)
}

// whether the 16 bytes are also a valid UUIDv7 (what ulid_is_uuidv7 says)
function isUuidv7 (value) {
  const b = decode(toUlid(value))
  return (b[6] >> 4) === 7 && (b[8] & 0xc0) === 0x80
}

// TypeID text, with the server's rules in the server's order; errors are
// TypeErrors for a non-string, RangeErrors naming the rule otherwise
function checkPrefix (prefix, whole, what) {
  const chars = Array.from(prefix)
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]
    if (!((ch >= 'a' && ch <= 'z') || ch === '_')) {
      throw new RangeError(`invalid ${what} ${JSON.stringify(whole)}: character ${JSON.stringify(ch)} at position ${i + 1} is not allowed in a TypeID prefix, which has only lower-case letters a-z and underscores`)
    }
  }
  if (prefix.length > 63) throw new RangeError(`invalid ${what} ${JSON.stringify(whole)}: a TypeID prefix has at most 63 characters`)
  if (prefix && (prefix[0] === '_' || prefix[prefix.length - 1] === '_')) {
    throw new RangeError(`invalid ${what} ${JSON.stringify(whole)}: a TypeID prefix cannot start or end with an underscore`)
  }
}

const SUFFIX_CHARS = new Set(ALPHABET.toLowerCase())

function parseTypeid (text) {
  if (typeof text !== 'string') throw new TypeError(`a TypeID is a string, not ${text === null ? 'null' : typeof text}`)
  const sep = text.lastIndexOf('_')
  let prefix = ''
  let suffix = text
  if (sep >= 0) {
    prefix = text.slice(0, sep)
    suffix = text.slice(sep + 1)
    if (!prefix) throw new RangeError(`invalid TypeID ${JSON.stringify(text)}: a TypeID with an empty prefix has no separator "_"`)
    checkPrefix(prefix, text, 'TypeID')
  }
  const chars = Array.from(suffix)
  if (chars.length !== 26) throw new RangeError(`invalid TypeID ${JSON.stringify(text)}: a TypeID suffix has 26 characters`)
  for (let i = 0; i < 26; i++) {
    if (!SUFFIX_CHARS.has(chars[i])) {
      throw new RangeError(`invalid TypeID ${JSON.stringify(text)}: character ${JSON.stringify(chars[i])} at position ${Array.from(text).length - 26 + i + 1} is not allowed in a TypeID suffix`)
    }
  }
  if (suffix[0] > '7') throw new RangeError(`invalid TypeID ${JSON.stringify(text)}: the first character of a TypeID suffix must be 0-7, as it encodes 128 bits`)
  return { prefix, ulid: suffix.toUpperCase() }
}

// the TypeID of a ULID (any form toUlid takes) with prefix ('' for none):
// what ulid_to_typeid(id, prefix) gives
function toTypeid (value, prefix = '') {
  if (typeof prefix !== 'string') throw new TypeError('a TypeID prefix is a string')
  checkPrefix(prefix, prefix, 'TypeID prefix')
  const text = toUlid(value).toLowerCase()
  return prefix ? `${prefix}_${text}` : text
}

// the ULID's canonical text of a TypeID, which must have prefix if one is
// given ('' for none): what ulid_from_typeid(text[, prefix]) gives
function fromTypeid (text, prefix) {
  const parsed = parseTypeid(text)
  if (prefix !== undefined && parsed.prefix !== prefix) {
    throw new RangeError(`invalid TypeID ${JSON.stringify(text)}: its prefix is ${JSON.stringify(parsed.prefix)}, but ${JSON.stringify(prefix)} is required`)
  }
  return parsed.ulid
}

// the prefix of a TypeID ('' if none): what typeid_prefix(text) gives
function typeidPrefix (text) {
  return parseTypeid(text).prefix
}

// The server's generator state machine (src/libulid/generator.c).  genUlid()
// values strictly increase, also within a millisecond and when the clock
// steps back: in a new millisecond the 16 bits after the time are a random
// counter start below 0x8000 (with uuidv7, 0x7 and a start below 0x800);
// otherwise the last value's plus one (with uuidv7, the next word whose
// version nibble is 7), carrying into the time.  The last 8 bytes are fresh
// random bits (with uuidv7, the variant bits 10 over them).  Random bytes
// come from crypto.randomFillSync in batches, not one call per ID.
const TIME_MAX = (1n << 48n) - 1n
const WORD_MAX = (1n << 64n) - 1n

function v7Ceil (word) {
  const nibble = (word >> 12n) & 0xfn
  if (nibble === 7n) return word
  if (nibble < 7n) return (word & ~0xffffn) | 0x7000n
  if ((word >> 16n) === TIME_MAX) return null
  return (((word >> 16n) + 1n) << 16n) | 0x7000n
}

class Generator {
  // clock(): milliseconds since the epoch; random(n): a Buffer of n random bytes
  constructor ({ clock, random } = {}) {
    this.clock = clock || (() => Date.now())
    this.random = random || pooledRandom()
    this.hi = null
  }

  genUlid ({ uuidv7 = false } = {}) {
    const ms = BigInt(this.clock())
    if (ms < 0n || ms > TIME_MAX) throw new RangeError('current time is out of range for type ulid')
    let word
    let rnd
    if (this.hi !== null && ms <= (this.hi >> 16n)) {
      word = this.hi === WORD_MAX ? null : (uuidv7 ? v7Ceil(this.hi + 1n) : this.hi + 1n)
      if (word === null) throw new RangeError('ulid generator reached its maximum value')
      rnd = this.random(8)
    } else {
      rnd = this.random(10)
      const start = BigInt(rnd.readUInt16BE(8))
      word = (ms << 16n) | (uuidv7 ? (0x7000n | (start & 0x7ffn)) : (start & 0x7fffn))
    }
    this.hi = word
    const out = Buffer.alloc(16)
    out.writeBigUInt64BE(word, 0)
    Buffer.from(rnd).copy(out, 8, 0, 8)
    if (uuidv7) out[8] = (out[8] & 0x3f) | 0x80
    return encode(out)
  }

  // gen_random_ulid() and gen_ulid(timestamptz): a millisecond (ms, or the
  // clock's) and fresh random bits
  genRandomUlid ({ uuidv7 = false, ms } = {}) {
    const t = BigInt(ms === undefined ? this.clock() : ms)
    if (t < 0n || t > TIME_MAX) throw new RangeError('time is out of range for type ulid')
    const out = Buffer.alloc(16)
    out.writeUIntBE(Number(t), 0, 6)
    Buffer.from(this.random(10)).copy(out, 6, 0, 10)
    if (uuidv7) {
      out[6] = (out[6] & 0x0f) | 0x70
      out[8] = (out[8] & 0x3f) | 0x80
    }
    return encode(out)
  }
}

function pooledRandom () {
  const { randomFillSync } = require('node:crypto')
  const pool = Buffer.alloc(4096)
  let left = 0
  return (n) => {
    if (left < n) {
      randomFillSync(pool)
      left = pool.length
    }
    const start = pool.length - left
    left -= n
    return Buffer.from(pool.subarray(start, start + n))
  }
}

// one generator per process (a Node process does not fork its heap)
let defaultGenerator = null
function genUlid (options) {
  defaultGenerator = defaultGenerator || new Generator()
  return defaultGenerator.genUlid(options)
}
function genRandomUlid (options) {
  defaultGenerator = defaultGenerator || new Generator()
  return defaultGenerator.genRandomUlid(options)
}

const identity = (text) => text

// the OIDs of ulid and ulid[] in the database a client or pool talks to
async function lookupUlidOids (queryable) {
  const { rows } = await queryable.query(
    "SELECT t.oid, t.typarray FROM pg_catalog.pg_type t WHERE t.oid = pg_catalog.to_regtype('ulid')")
  if (rows.length === 0) throw new Error('pg-ulid: type ulid not found in this database: CREATE EXTENSION ulid first')
  return { oid: Number(rows[0].oid), arrayOid: Number(rows[0].typarray) }
}

function applyParsers (client, { oid, arrayOid }) {
  client.setTypeParser(oid, 'text', identity)
  client.setTypeParser(oid, 'binary', parseBinaryUlid)
  client.setTypeParser(arrayOid, 'text', parseUlidArray)
  client.setTypeParser(arrayOid, 'binary', parseBinaryUlidArray)
}

// Teach a pg.Client (connected) or a pg.Pool the ulid type of its database:
// ulid values stay strings, ulid[] values become arrays of strings.  A pool
// passes the parsers to every client it connects from then on; call it
// before the pool hands out clients.  Resolves to the OIDs.
async function registerUlid (clientOrPool) {
  if (typeof clientOrPool.setTypeParser === 'function') {
    const oids = await lookupUlidOids(clientOrPool)
    applyParsers(clientOrPool, oids)
    return oids
  }
  let oids = null
  const waiting = []
  clientOrPool.on('connect', (client) => {
    if (oids) applyParsers(client, oids)
    else waiting.push(client)
  })
  const client = await clientOrPool.connect()
  try {
    oids = await lookupUlidOids(client)
  } finally {
    client.release()
  }
  for (const c of waiting) applyParsers(c, oids)
  return oids
}

module.exports = {
  registerUlid,
  lookupUlidOids,
  toUlid,
  ulidToUuid,
  ulidToBytes,
  ulidTime,
  parseUlidArray,
  parseBinaryUlidArray,
  isUuidv7,
  toTypeid,
  fromTypeid,
  typeidPrefix,
  Generator,
  genUlid,
  genRandomUlid
}
