#!/usr/bin/env node
/**
 * The landing page's budget: JavaScript transferred for `/` through the shell (gzip, as served),
 * and Lighthouse (desktop preset, Debian Chromium) performance and accessibility scores.
 * Builds the frontends, serves them like separate deployments, measures, prints, stops.
 *
 *   npm run bench:frontend
 */
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { log } from '../lib/log.mjs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { startFrontends } from '../stack/frontends.mjs';
import { portsFor } from '../stack/ports.mjs';

const BUDGET_KB = 230;
const TARGET_SCORE = 95;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Chromium as the browser tests start it (libs/test-kit).
const FLAGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'libs/test-kit/src/chromium-flags.json'), 'utf8'));
const benchDir = path.join(DATA_DIR, 'bench-frontend');

fs.rmSync(benchDir, { recursive: true, force: true });
const group = new ProcessGroup({ logDir: path.join(benchDir, 'logs') });
try {
  await nx(['run-many', '-t', 'build', '--projects=@idv/shell,@idv/mf-*']);
  const { appUrl } = await startFrontends(group, {
    ports: portsFor('bench'),
    apiUrl: 'http://127.0.0.1:1/api',
    apiKey: 'budget',
    runtimeDir: path.join(benchDir, 'shell-runtime'),
    supportContact: 'support@example.com',
  });

  // JavaScript as transferred: the encoded (gzip) body size of every script response.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
  const page = await browser.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding: (await response?.headerValue('content-encoding')) ?? 'none' });
  });
  await page.goto(appUrl, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  await browser.close();
  const totalKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  console.table(
    scripts.map((s) => ({ script: s.url.replace(/^http:\/\/127\.0\.0\.1:/, ':'), 'KB transferred': (s.bytes / 1024).toFixed(1), encoding: s.encoding })),
  );
  console.log(
    `JavaScript transferred for /: ${totalKb.toFixed(1)} KB in ${scripts.length} files (budget ${BUDGET_KB} KB): ${totalKb <= BUDGET_KB ? 'met' : 'NOT met'}`,
  );

  // Lighthouse, desktop preset.
  log('running Lighthouse (desktop preset)');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(
      appUrl,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      {
        extends: 'lighthouse:default',
        settings: {
          formFactor: 'desktop',
          screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
          throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
          emulatedUserAgent: false,
        },
      },
    );
    const { categories, audits } = result.lhr;
    const scores = { performance: Math.round(categories.performance.score * 100), accessibility: Math.round(categories.accessibility.score * 100) };
    console.table([
      { metric: 'performance score', value: scores.performance },
      { metric: 'accessibility score', value: scores.accessibility },
      ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => ({
        metric: id,
        value: audits[id].displayValue,
      })),
    ]);
    const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log(`audits not passed: ${failing.map((a) => a.id).join(', ')}`);
    const met = scores.performance >= TARGET_SCORE && scores.accessibility >= TARGET_SCORE;
    console.log(`Lighthouse performance and accessibility >= ${TARGET_SCORE}: ${met ? 'met' : 'NOT met'}`);
  } finally {
    chrome.kill();
  }
} finally {
  await group.stop();
}
