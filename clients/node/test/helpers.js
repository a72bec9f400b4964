'use strict'
// Shared by the pg-ulid tests: libpq-style PGHOST/PGPORT/PGUSER/PGDATABASE
// name a database with the ulid extension (clients/run.sh makes one).

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

// the 16 bytes of a ULID's text: an oracle apart from pg-ulid's codec
function ulidBytes (text) {
  let value = 0n
  for (const ch of text.toUpperCase()) value = value * 32n + BigInt(CROCKFORD.indexOf(ch))
  return Buffer.from(value.toString(16).padStart(32, '0'), 'hex')
}

const KNOWN = '01ARYZ6S41TSV4RRFFQ69G5FAV'
const KNOWN_UUID = '01563df3-6481-d676-4c61-efb99302bd5b'
const ULID_RE = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/

module.exports = { ulidBytes, KNOWN, KNOWN_UUID, ULID_RE }
