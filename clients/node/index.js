'use strict'
// ulid for node-postgres: registerUlid() teaches a Client or Pool the OIDs
// of ulid and ulid[] in its database, and toUlid() and friends convert
// between a ULID's text, a uuid string and the 16 bytes.

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
  parseBinaryUlidArray
}
