'use strict'
// The .d.ts files: test/types/check.ts, which uses the whole API, compiles
// with strict TypeScript.  Library checking is on, so that a mistake inside
// our .d.ts files shows; errors inside node_modules (drizzle-orm's types
// name optional drivers that are not installed) are left out.
const { test } = require('node:test')
const assert = require('node:assert/strict')
const path = require('node:path')
const { spawnSync } = require('node:child_process')

test('the type declarations compile against check.ts', () => {
  const root = path.join(__dirname, '..')
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc')
  const run = spawnSync(process.execPath, [tsc, '-p', path.join('test', 'types', 'tsconfig.json')],
    { cwd: root, encoding: 'utf8' })
  const ours = run.stdout.split('\n').filter((l) => /error TS\d+/.test(l) && !l.startsWith('node_modules/'))
  assert.deepEqual(ours, [])
  // and tsc did run: it passed, or failed only on node_modules
  assert.ok(run.status === 0 || run.stdout.includes('error TS'), `tsc did not run: ${run.stderr}`)
})
