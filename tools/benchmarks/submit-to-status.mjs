#!/usr/bin/env node
/**
 * Submit to final status through the gateway, as an API client sees it: cases of the evaluation set
 * (docs/accuracy.md) sent one at a time through the real gateway, svc-verification with its real
 * checks, the JetStream status event and svc-sessions, all started here on the benchmark ports.
 * Each case is a session of its own: the initiator's place carries the invited name, the case's
 * photos and typed name are submitted for it, and the session is read every 20 ms until that place
 * is verified or failed. Prints p50, p95 and max of the time from sending the submission to reading
 * the final status, how many decisions agree with the manifest's, and svc-verification's peak RSS.
 *
 *   npm run eval:verification   (once: writes the evaluation set to .data/eval/generated)
 *   npm run bench:status        (EVAL_DIR=<folder>  BENCH_CASES=60, or all)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fail, log } from '../lib/log.mjs';
import { DATA_DIR } from '../lib/paths.mjs';
import { runWithProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { ensurePrerequisites } from '../setup/prerequisites.mjs';
import { startInfrastructure } from '../infra/infrastructure.mjs';
import { portsFor } from '../stack/ports.mjs';
import { BO, createSessionBody } from '../lib/session-body.mjs';
import { startServicesForOneClient } from './bench-client.mjs';

const evalDir = process.env.EVAL_DIR ?? path.join(DATA_DIR, 'eval/generated');
const wanted = process.env.BENCH_CASES ?? '60';
const benchDir = path.join(DATA_DIR, 'bench-status');
const FINAL = new Set(['verified', 'failed']);
const READ_EVERY_MS = 20;
const CASE_LIMIT_MS = 60000;

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** Every k-th case, so that each split and category keeps its share. */
function sample(cases) {
  if (wanted === 'all' || Number(wanted) >= cases.length) return cases;
  const step = cases.length / Number(wanted);
  return Array.from({ length: Number(wanted) }, (_, i) => cases[Math.floor(i * step)]);
}

const dataUrl = (file) => `data:${file.endsWith('.png') ? 'image/png' : 'image/jpeg'};base64,${fs.readFileSync(path.join(evalDir, file)).toString('base64')}`;

const manifestPath = path.join(evalDir, 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  fail(`no evaluation set at ${path.relative(process.cwd(), evalDir)}: run \`npm run eval:verification\` first (it generates one there), or set EVAL_DIR`);
  process.exit(1);
}
const cases = sample(JSON.parse(fs.readFileSync(manifestPath, 'utf8')).cases);

await runWithProcessGroup(benchDir, async (group) => {
  await ensurePrerequisites();
  await nx(['run-many', '-t', 'build', '--projects=@idv/svc-*']);
  const ports = portsFor('bench');
  const infrastructure = await startInfrastructure(group, { ports, dataDir: benchDir, database: 'idv_bench_status' });
  // One client sends every case.
  const { apiUrl, processes, secretKey } = await startServicesForOneClient(group, infrastructure, { ports });
  const call = async (method, url, { token, json, expect = 200 } = {}) => {
    const headers = { 'content-type': 'application/json', 'x-api-key': secretKey, ...(token ? { 'x-session-token': token } : {}) };
    const response = await fetch(`${apiUrl}${url}`, { method, headers, body: json && JSON.stringify(json) });
    const answer = await response.json();
    if (response.status !== expect) throw new Error(`${method} ${url.replace(/\/[^/]{20,}/g, '/…')}: ${response.status} ${answer.code ?? ''}`);
    return answer;
  };

  log(`${cases.length} cases from ${path.relative(process.cwd(), evalDir)}, one at a time`);
  const rows = [];
  for (const entry of cases) {
    const { session, initiatorToken } = await call('POST', '/sessions', {
      expect: 201,
      json: createSessionBody([{ name: entry.invitedName, email: 'one@example.com' }, BO], 'Benchmark'),
    });
    const place = session.initiatorParticipantId;
    const submission = { realName: entry.realName, idDocumentFront: dataUrl(entry.front), idDocumentBack: dataUrl(entry.back), selfie: dataUrl(entry.selfie) };
    const sent = performance.now();
    let row = { id: entry.id, split: entry.split, expected: entry.expected };
    try {
      await call('POST', `/verification/${session._id}/${place}`, { token: initiatorToken, json: submission, expect: 202 });
      const accepted = performance.now() - sent;
      for (;;) {
        const view = await call('GET', `/sessions/${session._id}`, { token: initiatorToken });
        const participant = view.participants.find((p) => p._id === place);
        if (FINAL.has(participant.status)) {
          const reasons = (participant.result?.reasons ?? []).map((r) => (typeof r === 'string' ? r : r.code));
          row = { ...row, decision: participant.status, reasons, acceptedMs: accepted, finalMs: performance.now() - sent };
          break;
        }
        if (performance.now() - sent > CASE_LIMIT_MS) throw new Error(`no final status within ${CASE_LIMIT_MS / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
      }
    } catch (error) {
      // A refused submission (413, 422) is the service's decision on that case: a failure, with the code.
      row = { ...row, decision: 'refused', reasons: [error.message], acceptedMs: undefined, finalMs: performance.now() - sent };
    }
    rows.push(row);
    if (row.decision !== entry.expected) log(`  ${entry.id} [${entry.split}] expected ${entry.expected}, got ${row.decision} ${row.reasons.join(',')}`);
  }

  const timed = rows.filter((r) => r.acceptedMs !== undefined);
  const final = timed.map((r) => r.finalMs);
  const genuine = timed.filter((r) => r.expected === 'verified').map((r) => r.finalMs);
  const ms = (value) => Math.round(value);
  // The verification service's peak resident memory over the run (Linux: VmHWM).
  const peakKb = Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${processes['svc-verification'].pid}/status`, 'utf8'))?.[1]);
  const table = {
    cases: rows.length,
    'decided as the manifest says': `${rows.filter((r) => r.decision === r.expected).length} of ${rows.length}`,
    'genuine verified': `${rows.filter((r) => r.expected === 'verified' && r.decision === 'verified').length} of ${rows.filter((r) => r.expected === 'verified').length}`,
    'must-fail failed': `${rows.filter((r) => r.expected === 'failed' && r.decision !== 'verified').length} of ${rows.filter((r) => r.expected === 'failed').length}`,
    'submission to 202, p50 ms': ms(
      quantile(
        timed.map((r) => r.acceptedMs),
        0.5,
      ),
    ),
    'submission to final status, p50 ms': ms(quantile(final, 0.5)),
    'submission to final status, p95 ms': ms(quantile(final, 0.95)),
    'submission to final status, max ms': ms(Math.max(...final)),
    'genuine cases only, p50 / p95 ms': `${ms(quantile(genuine, 0.5))} / ${ms(quantile(genuine, 0.95))}`,
    'svc-verification peak RSS MB': Math.round(peakKb / 1024),
    'target p50 <= 1200 ms, p95 <= 2500 ms': quantile(final, 0.5) <= 1200 && quantile(final, 0.95) <= 2500 ? 'met' : 'NOT met',
  };
  process.stdout.write(
    `\nsubmission to final status through the gateway\n${Object.entries(table)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}\n`,
  );
  console.log(`machine: ${os.cpus().length} × ${os.cpus()[0].model}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  fs.writeFileSync(path.join(benchDir, 'results.json'), JSON.stringify(rows, null, 2));
});
