// Shared end-to-end setup: the real souk binary on a free port with a fresh
// data folder, and Debian's Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
