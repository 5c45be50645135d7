import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TokenStore, tokenKey, type SecretStore } from '../../client/src/auth/tokenStore';

// PrairieLearn answers 401 to unknown tokens and 403 to known ones asking for what they cannot see.
const server = http.createServer((req, res) => {
  const ok = req.headers['private-token'] === 'good-token';
  res.writeHead(ok ? 403 : 401, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: ok ? 'Forbidden' : 'The provided authentication token was invalid' }));
});
let url = '';
before(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

function memory(): SecretStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (k) => data.get(k),
    store: async (k, v) => void data.set(k, v),
    delete: async (k) => void data.delete(k),
  };
}

test('a token the server accepts is kept under its server URL, trimmed', async () => {
  const secrets = memory();
  const store = new TokenStore(secrets);
  await store.verifyAndStore(url, '  good-token\n');
  assert.equal(await store.get(url), 'good-token');
  assert.deepEqual([...secrets.data.keys()], [tokenKey(url)]);
  assert.equal(await store.get('https://other.example'), undefined);
  await store.delete(url);
  assert.equal(secrets.data.size, 0);
});

test('a token the server refuses is never kept', async () => {
  const secrets = memory();
  await assert.rejects(new TokenStore(secrets).verifyAndStore(url, 'bad-token'), /did not accept your access token/);
  await assert.rejects(new TokenStore(secrets).verifyAndStore(url, '   '), /empty/);
  assert.equal(secrets.data.size, 0);
});

test('a server that does not answer like PrairieLearn keeps no token: a 404, or a 403 page from something else', async () => {
  const other = http.createServer((req, res) => {
    if (req.url!.startsWith('/html403')) {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<html><body>Blocked by the firewall</body></html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>No such page</body></html>');
    }
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    const secrets = memory();
    for (const serverUrl of [base, `${base}/html403`]) {
      await assert.rejects(new TokenStore(secrets).verifyAndStore(serverUrl, 'any-token'), /does not answer like a PrairieLearn server .*Check the server URL/);
    }
    assert.equal(secrets.data.size, 0);
  } finally {
    other.close();
  }
});
