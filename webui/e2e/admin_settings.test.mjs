// The operators' settings and cluster view: a currency an admin adds reaches a visitor's open page
// at once, a bad value is refused at its field, and the cluster view shows a node joining.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { apiLogin, DEMO_USERS, DESKTOP, launchBrowser, messages, screenshot, skipReason, soukBin, suiteSkip, useSite } from './helpers.mjs';

const t = messages('en');

/** Resolves once a websocket the page opens from now on sends a frame containing text. */
function socketSends(page, text) {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes(text)) resolve();
      });
    });
  });
}

describe('admin settings', { skip: suiteSkip() }, () => {
  const site = useSite();

  test("a currency an admin adds shows in a visitor's open locale popover without a reload; a bad value is refused at its field", async () => {
    const visitor = await site.open(DESKTOP);
    const watching = socketSends(visitor.page, '"watch"');
    await visitor.page.goto(`${site.url}/en`);
    await watching;
    await visitor.page.evaluate(() => (window.__sameDocument = true));

    const admin = await site.signedIn('admin', DESKTOP);
    const page = admin.page;
    await page.goto(`${site.url}/en/admin/settings`);
    await page.getByTestId('settings-nav-currencies').click();
    const panel = page.getByTestId('settings-panel-currencies');
    await panel.getByRole('button', { name: t('admin.settings.currencies.add') }).click();
    const row = panel.getByTestId('settings-row').last();
    await row.getByLabel(t('admin.settings.currencies.code'), { exact: true }).fill('GBP');
    await row.getByLabel(t('admin.settings.currencies.symbol'), { exact: true }).fill('£');
    await row.getByLabel(t('admin.settings.currencies.symbolIso'), { exact: true }).fill('GBP');
    await row.getByLabel(`${t('admin.settings.name')} · 简体中文`).fill('英镑');
    await row.getByLabel(`${t('admin.settings.name')} · English`).fill('Pound sterling');
    await row.getByLabel(`${t('admin.settings.name')} · Español`).fill('Libra esterlina');
    await panel.getByRole('button', { name: t('admin.settings.save'), exact: true }).click();
    await page.getByText(t('admin.settings.saved'), { exact: true }).waitFor();
    await screenshot(page, 'admin-settings-currency-saved');

    await visitor.page.getByTestId('locale-trigger').click();
    const pound = visitor.page.locator('[data-currency="GBP"]');
    await pound.waitFor({ timeout: 10_000 });
    assert.match(await pound.innerText(), /Pound sterling/);
    assert.equal(await visitor.page.evaluate(() => window.__sameDocument), true, 'the visitor page was not reloaded');
    await screenshot(visitor.page, 'admin-settings-visitor-popover');
    await visitor.page.keyboard.press('Escape');

    // Five decimals are out of 0..4: the server names the field, the screen shows it there.
    const decimals = row.getByLabel(t('admin.settings.currencies.decimals'), { exact: true });
    await decimals.fill('5');
    await panel.getByRole('button', { name: t('admin.settings.save'), exact: true }).click();
    await panel.getByTestId('settings-error').waitFor();
    await page.waitForFunction((input) => input.getAttribute('aria-invalid') === 'true', await decimals.elementHandle(), { timeout: 5000 });
    assert.match(await panel.getByTestId('settings-error').innerText(), /\S/);
    assert.deepEqual(admin.errors, []);
    assert.deepEqual(visitor.errors, []);
    await screenshot(page, 'admin-settings-field-error');

    // On a phone the sections are a scrolling row above the panel, and the panel fits the width.
    await page.setViewportSize({ width: 460, height: 900 });
    await page.getByTestId('settings-nav-levels').click();
    await page.getByTestId('settings-panel-levels').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page does not scroll sideways (${overflow} px)`);
    await screenshot(page, 'admin-settings-phone');
  });
});

const POSTGRES = process.env.SOUK_TEST_POSTGRES_URL;

/** Why the cluster view test cannot run here, or false. */
function clusterSkip() {
  const reason = skipReason() ?? (POSTGRES ? null : 'SOUK_TEST_POSTGRES_URL is not set: the two-node cluster view test needs PostgreSQL');
  if (reason) console.log(reason);
  return reason ?? false;
}

/** A loopback address with a port nothing listens on. */
async function freeAddress() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return `127.0.0.1:${port}`;
}

/** Runs SQL on the test server's maintenance database (psql), throwing with its error. */
function psql(sql) {
  const result = spawnSync('psql', [POSTGRES, '-v', 'ON_ERROR_STOP=1', '-c', sql], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.error?.message ?? result.stderr}`);
}

/** Starts one `souk serve` node with args and waits until it answers /readyz. */
async function startNode(args) {
  const http = await freeAddress();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'souk-e2e-node-'));
  const child = spawn(soukBin, ['serve', '--dev', '--http', http, '--data', dataDir, ...args], { cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://${http}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`souk exited with ${child.exitCode}\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`souk was not ready within 60 s\n${log}`);
    }
    const ready = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('admin cluster view', { skip: clusterSkip() }, () => {
  const database = `souk_e2e_cluster_${process.pid}`;
  const nodes = [];
  let browser;
  let dbURL;

  before(async () => {
    psql(`CREATE DATABASE ${database}`);
    const url = new URL(POSTGRES);
    url.pathname = `/${database}`;
    dbURL = url.toString();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const node of nodes.reverse()) await node.stop();
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  test('shows a second node appearing as it joins', async () => {
    const seed = await freeAddress();
    nodes.push(await startNode(['--db', dbURL, '--node-id', '1', '--gossip', seed]));
    const context = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${nodes[0].url}/en`);
    assert.ok(await apiLogin(page, DEMO_USERS.admin), 'the admin logs in');
    await page.goto(`${nodes[0].url}/en/admin/cluster`);
    const cards = page.getByTestId('cluster-node');
    await cards.first().waitFor();
    assert.equal(await cards.count(), 1);
    assert.equal(await cards.first().getAttribute('data-node'), 'node-1');

    nodes.push(await startNode(['--db', dbURL, '--node-id', '2', '--gossip', await freeAddress(), '--join', seed]));
    await page.locator('[data-testid="cluster-node"][data-node="node-2"]').waitFor({ timeout: 30_000 });
    // Both views settle on two members: the disagreement banner goes away.
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="node-members"]')].every((el) => el.textContent === '2') && !document.querySelector('[data-testid="cluster-issues"]'),
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    assert.equal(await cards.count(), 2);
    await screenshot(page, 'admin-cluster-two-nodes');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
