'use strict'
// npm install ./clients/node works, and the package holds what it exports.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const root = path.join(__dirname, '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

test('npm pack holds every file that package.json exports', () => {
  const [{ files }] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: root, encoding: 'utf8' }))
  const packed = new Set(files.map((f) => f.path))
  const pkg = require('../package.json')
  for (const entry of Object.values(pkg.exports)) {
    for (const file of typeof entry === 'string' ? [entry] : Object.values(entry)) {
      assert.ok(packed.has(file.replace(/^\.\//, '')), `${file} is not in the package`)
    }
  }
})

test('npm install of the folder, then require by name', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-ulid-install-'))
  try {
    fs.writeFileSync(path.join(dir, 'package.json'), '{"name": "pg-ulid-install-test", "private": true}')
    execFileSync(npm, ['install', '--no-audit', '--no-fund', '--offline', '--legacy-peer-deps', '--loglevel=error', root], { cwd: dir })
    const out = execFileSync(process.execPath, ['-e',
      "const u = require('pg-ulid'); require('pg-ulid/knex'); console.log(u.toUlid('01563df3-6481-d676-4c61-efb99302bd5b'))"],
    { cwd: dir, encoding: 'utf8' })
    assert.equal(out.trim(), '01ARYZ6S41TSV4RRFFQ69G5FAV')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
