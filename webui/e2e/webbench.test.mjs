// The web bench's smoke test: one cold visit of / in Chromium, whose
// scripts all arrive compressed, with its figures recorded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { benchWeb, PROFILES } from '../bench/web.mjs';
import { skipReason, useSite } from './helpers.mjs';

const skip = skipReason();
const site = useSite({ browser: false });

test('a first visit of / gets every script compressed, and the bench records it', { skip: skip ?? false }, async () => {
  const report = await benchWeb({ url: site.url, runs: 1, profiles: [PROFILES.fast] });
  const fast = report.profiles.fast;
  assert.ok(fast.requests > 5, `requests: ${fast.requests}`);
  assert.ok(fast.scripts > 0 && fast.scriptsBeforePaint > 0);
  assert.deepEqual(fast.uncompressedScripts, [], 'every script is sent brotli- or gzip-compressed');
  assert.ok(fast.fcpMs > 0, 'the first contentful paint is recorded');
  assert.ok(fast.scriptBytesBeforePaint <= fast.scriptBytes);
  assert.ok(fast.scriptBodyBytesBeforePaint > 0 && fast.scriptBodyBytesBeforePaint < fast.scriptBytesBeforePaint);
  assert.ok(fast.transferredBytes >= fast.scriptBytes);

  // The actions' JSON is compressed above 1 KB for a client that takes gzip.
  const response = await fetch(`${site.url}/api/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify({ action: 'utils.getSettings', data: {} }),
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-encoding'), 'gzip');
  assert.match(response.headers.get('vary') ?? '', /Accept-Encoding/i);
  assert.ok((await response.json()).settings, 'the body reads as JSON');
});
