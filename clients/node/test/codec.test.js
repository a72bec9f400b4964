'use strict'
const { test } = require('node:test')
const assert = require('node:assert/strict')
const { toUlid, ulidToUuid, ulidToBytes, ulidTime, parseUlidArray } = require('pg-ulid')
const { ulidBytes, KNOWN, KNOWN_UUID } = require('./helpers.js')

test('the oracle agrees with the published uuid form', () => {
  assert.equal(ulidBytes(KNOWN).toString('hex'), KNOWN_UUID.replace(/-/g, ''))
})

test('toUlid takes text in either case, a uuid string and 16 bytes', () => {
  for (const v of [KNOWN, KNOWN.toLowerCase(), KNOWN_UUID, KNOWN_UUID.toUpperCase(), ulidBytes(KNOWN),
    new Uint8Array(ulidBytes(KNOWN))]) {
    assert.equal(toUlid(v), KNOWN)
  }
  assert.equal(toUlid(Buffer.alloc(16, 0xff)), '7ZZZZZZZZZZZZZZZZZZZZZZZZZ')
})

test('conversions', () => {
  assert.equal(ulidToUuid(KNOWN.toLowerCase()), KNOWN_UUID)
  assert.deepEqual(ulidToBytes(KNOWN_UUID), ulidBytes(KNOWN))
  assert.equal(ulidTime(KNOWN).getTime(), ulidBytes(KNOWN).readUIntBE(0, 6))
})

test('bad values are rejected', () => {
  for (const bad of ['', KNOWN.slice(1), KNOWN + '0', KNOWN.slice(0, 25) + 'U', KNOWN.slice(0, 25) + 'I',
    '8' + KNOWN.slice(1), KNOWN_UUID.replace('-', 'x'), Buffer.alloc(15), Buffer.alloc(17)]) {
    assert.throws(() => toUlid(bad), RangeError, String(bad))
  }
  for (const bad of [null, undefined, 12, {}]) assert.throws(() => toUlid(bad), TypeError)
})

test('parseUlidArray reads the text form of ulid[]', () => {
  assert.deepEqual(parseUlidArray('{}'), [])
  assert.deepEqual(parseUlidArray(`{${KNOWN},NULL}`), [KNOWN, null])
  assert.deepEqual(parseUlidArray(`{{${KNOWN}},{NULL}}`), [[KNOWN], [null]])
  assert.deepEqual(parseUlidArray(`[0:0]={${KNOWN}}`), [KNOWN])
  assert.throws(() => parseUlidArray(`{${KNOWN}`), SyntaxError)
})
