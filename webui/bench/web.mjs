// The web bench: what a first visit of a page costs a browser. For each
// network profile it opens the page in a fresh Chromium context (cold
// cache) and records the requests, the bytes transferred (as sent, i.e.
// compressed), the compressed JavaScript fetched before the first
// contentful paint (with and without the responses' headers), and the
// paint and load times; the median of --runs visits per profile goes into
// a JSON report like the other benches'.
//
//   node webui/bench/web.mjs [--url http://127.0.0.1:8080] [--path /] [--runs 3] [--out bench/results/web.json]
//
// Without --url it starts bin/souk (or SOUK_BIN) with --dev on a free port.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser, skipReason, startServer } from '../e2e/helpers.mjs';

/**
 * The network profiles: an unthrottled desktop, and a phone on a 4G-like
 * link (Lighthouse's "slow 4G": 150 ms round trips, 1.6 Mbit/s down,
 * 750 kbit/s up) with a CPU 4 times slower.
 */
export const PROFILES = {
  fast: { name: 'fast', viewport: { width: 1280, height: 800 }, network: null, cpu: 1 },
  '4g': {
    name: '4g',
    viewport: { width: 390, height: 844 },
    network: { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
    cpu: 4,
  },
};

/** One cold visit of url under profile. */
export async function visit(browser, url, profile) {
  const context = await browser.newContext({ viewport: profile.viewport, isMobile: profile.name !== 'fast' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const encoding = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
    // response.encodedDataLength: the bytes received with the headers (the status line and headers).
    requests.set(requestId, { url: response.url, type, encoding, headerBytes: response.encodedDataLength ?? 0, bytes: 0, finishedAt: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
    const r = requests.get(requestId);
    if (r) Object.assign(r, { bytes: encodedDataLength, finishedAt: timestamp });
  });
  // The monotonic clock of the network events and of the page's paint
  // entries differ: anchor them with the navigation's own start.
  let navStart = 0;
  cdp.on('Network.requestWillBeSent', ({ type, timestamp }) => {
    if (type === 'Document' && !navStart) navStart = timestamp;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  const timing = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const read = () => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const nav = performance.getEntriesByType('navigation')[0];
          if (!fcp) return false;
          resolve({ fcp: fcp.startTime, domContentLoaded: nav?.domContentLoadedEventEnd ?? 0, load: nav?.loadEventEnd ?? 0 });
          return true;
        };
        if (read()) return;
        new PerformanceObserver(() => read()).observe({ type: 'paint', buffered: true });
        setTimeout(() => resolve({ fcp: 0, domContentLoaded: 0, load: 0 }), 30_000);
      }),
  );
  // Scripts the page fetches after it loaded (idle prefetching) count in
  // the totals, not before the first paint: wait for the network to rest.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await context.close();
  const all = [...requests.values()].filter((r) => r.url.startsWith('http'));
  const scripts = all.filter((r) => r.type === 'Script');
  const fcpAt = navStart + timing.fcp / 1000;
  const beforePaint = scripts.filter((r) => r.finishedAt && r.finishedAt <= fcpAt);
  const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
  // The compressed bodies alone: the bytes on the wire less each response's headers.
  const sumBodies = (list) => list.reduce((n, r) => n + Math.max(0, r.bytes - r.headerBytes), 0);
  return {
    requests: all.length,
    transferredBytes: sum(all),
    scripts: scripts.length,
    scriptBytes: sum(scripts),
    scriptsBeforePaint: beforePaint.length,
    scriptBytesBeforePaint: sum(beforePaint),
    scriptBodyBytesBeforePaint: sumBodies(beforePaint),
    uncompressedScripts: scripts.filter((r) => !r.encoding).map((r) => new URL(r.url).pathname),
    largestBeforePaint: beforePaint
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 8)
      .map((r) => `${new URL(r.url).pathname} ${r.bytes}`),
    fcpMs: Math.round(timing.fcp),
    domContentLoadedMs: Math.round(timing.domContentLoaded),
    loadMs: Math.round(timing.load),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** Visits url runs times per profile; returns the report. */
export async function benchWeb({ url, pagePath = '/', runs = 3, profiles = Object.values(PROFILES) }) {
  const browser = await launchBrowser();
  const report = { scenario: 'web', url: pagePath, runs, at: new Date().toISOString(), profiles: {} };
  try {
    for (const profile of profiles) {
      const visits = [];
      for (let i = 0; i < runs; i++) visits.push(await visit(browser, url + pagePath, profile));
      const figures = {};
      for (const key of Object.keys(visits[0])) {
        figures[key] = Array.isArray(visits[0][key]) ? [...new Set(visits.flatMap((v) => v[key]))] : median(visits.map((v) => v[key]));
      }
      report.profiles[profile.name] = { ...figures, visits };
    }
  } finally {
    await browser.close();
  }
  return report;
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      path: { type: 'string', default: '/' },
      runs: { type: 'string', default: '3' },
      out: { type: 'string' },
    },
  });
  let server = null;
  let url = values.url;
  if (!url) {
    const why = skipReason();
    if (why) throw new Error(why);
    server = await startServer();
    url = server.url;
  }
  try {
    const report = await benchWeb({ url: url.replace(/\/$/, ''), pagePath: values.path, runs: Number(values.runs) });
    for (const [name, p] of Object.entries(report.profiles)) {
      console.log(
        `${name.padEnd(5)} ${p.requests} requests, ${kb(p.transferredBytes)} transferred; JS ${kb(p.scriptBytes)} in ${p.scripts} files, ` +
          `${kb(p.scriptBytesBeforePaint)} in ${p.scriptsBeforePaint} before the first paint (${kb(p.scriptBodyBytesBeforePaint)} without headers); FCP ${p.fcpMs} ms, load ${p.loadMs} ms` +
          (p.uncompressedScripts.length
            ? `; ${p.uncompressedScripts.length} scripts uncompressed (${p.uncompressedScripts.slice(0, 3).join(', ')}…)`
            : ''),
      );
    }
    if (values.out) {
      await mkdir(path.dirname(values.out), { recursive: true });
      await writeFile(values.out, JSON.stringify(report, null, 2) + '\n');
      console.log(`report written to ${values.out}`);
    }
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
