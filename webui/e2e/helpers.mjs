// Shared end-to-end setup: the real souk binary on a free port with a fresh
// data folder, and Debian's Chromium through playwright-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const artifactsDir = path.join(here, 'artifacts');
export const CHROMIUM = '/usr/bin/chromium';
export const soukBin = process.env.SOUK_BIN || path.join(repoRoot, 'bin/souk');

/** Why the end-to-end tests cannot run here, or null when they can. */
export function skipReason() {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing: end-to-end tests skipped (apt-get install -y chromium fonts-wqy-microhei)`;
  if (!existsSync(soukBin)) return `${path.relative(process.cwd(), soukBin) || soukBin} is missing: end-to-end tests skipped (run make build, or set SOUK_BIN)`;
  return null;
}

/** skipReason(), printed once, as the `skip` option of a suite: false when it can run. */
export function suiteSkip() {
  const reason = skipReason();
  if (reason) console.log(reason);
  return reason ?? false;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitReady(url, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`souk exited with ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`souk was not ready within ${timeoutMs} ms`);
}

/** Starts `souk serve --dev` on a free port with a temporary data folder. */
export async function startServer() {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souk-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(soukBin, ['serve', '--dev', '--http', `127.0.0.1:${port}`, '--data', dataDir], {
    cwd: dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  try {
    await waitReady(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${log}`);
  }
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGTERM');
        const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Launches Chromium with the flags this machine needs. */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  await mkdir(artifactsDir, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Saves a full-page screenshot under webui/e2e/artifacts/. */
export function screenshot(page, name) {
  return page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** The demo logins `souk serve --dev` loads. */
export const DEMO_USERS = {
  admin: { username: 'admin@souk.dev', password: 'souk-admin-2026' },
  vip: { username: 'vip@souk.dev', password: 'souk-vip-2026' },
  member: { username: 'member@souk.dev', password: 'souk-member-2026' },
};

/** Browser context options of a desktop and of a phone. */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Logs in through the API from the page itself, so the httpOnly cookies land
 * in its browser context; resolves to the signed-in user, or null.
 */
export function apiLogin(page, credentials) {
  return page.evaluate(async (data) => {
    const response = await fetch('/api/request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'auth.login', data: { provider: 'PASSWORD', ...data } }),
    });
    return response.ok ? (await response.json()).login.user : null;
  }, credentials);
}

/**
 * The messages of the client in lang (webui/src/i18n/locales/<lang>.json), so that a test reads
 * what the reader reads: t(key, vars) fills in the {{ name }} placeholders.
 */
export function messages(lang) {
  const tree = JSON.parse(readFileSync(path.join(repoRoot, 'webui/src/i18n/locales', `${lang}.json`), 'utf8'));
  return (key, vars = {}) => {
    const text = key.split('.').reduce((node, part) => node?.[part], tree);
    assert.equal(typeof text, 'string', `no message ${lang} ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => String(vars[name] ?? ''));
  };
}

/**
 * Calls an action from the page itself (so its cookies sign it in), with `extra` fields beside
 * action and data (lang, currency); resolves to the JSON reply.
 */
export function callAction(page, action, data, extra = {}) {
  return page.evaluate(
    async ([name, body, more]) => {
      const response = await fetch('/api/request', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: name, data: body, ...more }),
      });
      return response.json();
    },
    [action, data, extra],
  );
}

/**
 * Collects the page's script errors (and, with csp, its Content-Security-Policy violations) into
 * the array it returns.
 */
export function pageErrors(page, { csp = false } = {}) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (csp) {
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
    });
  }
  return errors;
}

/** Resolves when a websocket the page opens from now on receives a frame containing text. */
export function socketSays(page, text) {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes(text)) resolve();
      });
    });
  });
}

/**
 * The site under test for the suite (or file) it is called in: registers node:test hooks that
 * start the server and Chromium before its tests (unless skipReason() says they cannot run) and
 * stop them, and close every context it opened, after them. `server` and `browser` are set once
 * started. Options: browser (false for the server alone), context (the options every new context
 * starts from), csp (pages also count Content-Security-Policy violations as errors).
 * @param {{ browser?: boolean, context?: Record<string, unknown>, csp?: boolean }} [options]
 */
export function useSite({ browser = true, context = { locale: 'en-US', colorScheme: 'light' }, csp = false } = {}) {
  const contexts = [];
  const site = {
    server: null,
    browser: null,
    /** The server's base URL. */
    get url() {
      return site.server.url;
    },

    /** A page in a new browser context (`context` then options), collecting its errors. */
    async open(options = {}) {
      const opened = await site.browser.newContext({ ...context, ...options });
      contexts.push(opened);
      const page = await opened.newPage();
      return { context: opened, page, errors: pageErrors(page, { csp }) };
    },

    /**
     * Opens /en and logs `who` (a DEMO_USERS name, or credentials) in through the API from the page
     * itself, so the httpOnly cookies land in its context; asserts it worked, resolves to the user.
     */
    async logIn(page, who) {
      const credentials = typeof who === 'string' ? DEMO_USERS[who] : who;
      await page.goto(`${site.url}/en`);
      const user = await apiLogin(page, credentials);
      assert.ok(user, `${typeof who === 'string' ? who : who.username} logs in`);
      return user;
    },

    /**
     * A page of `who` in a new context, logged in, then reloaded as a member; with synced, it
     * resolves once the reloaded page's socket says where the inbox stands (inbox_synced).
     */
    async signedIn(who, options = {}, { synced = false } = {}) {
      const session = await site.open(options);
      session.user = await site.logIn(session.page, who);
      const ready = synced ? socketSays(session.page, '"inbox_synced"') : null;
      await session.page.reload();
      await ready;
      return session;
    },
  };

  before(async () => {
    if (skipReason()) return;
    [site.server, site.browser] = await Promise.all([startServer(), browser ? launchBrowser() : null]);
  });

  after(async () => {
    for (const opened of contexts) await opened.close().catch(() => {});
    await site.browser?.close();
    await site.server?.stop();
  });

  return site;
}

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * An 8-bit RGB PNG of width × height: rgb(x, y) gives each pixel's [red, green, blue], asked row by
 * row, left to right; deflate holds zlib's options for the pixel data (level 0 to keep it large).
 */
export function rgbPng(width, height, rgb, deflate = {}) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = rgb(x, y);
      raw[row + 1 + x * 3] = red;
      raw[row + 2 + x * 3] = green;
      raw[row + 3 + x * 3] = blue;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, deflate)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
