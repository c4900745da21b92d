#!/usr/bin/env node
/**
 * A burst of large uploads against one gateway (issue 36: fifty 5 MB uploads at once made
 * /api/health fail 5 of 20 polls). BURST_UPLOADS (default 50) verification submissions, each with
 * three JPEGs of about 1.8 MB (a 7.3 MB body: as much as NATS carries to svc-verification), are sent at once to a stack whose checks are stubbed
 * (tools/stack/stub-verification.cjs: the data path is real, the AI is not), while /api/health is
 * polled every 100 ms with a 2 s timeout, as a load balancer's probe would. Run twice: with the
 * gateway's cap on submissions in flight (SUBMISSIONS_IN_FLIGHT_MAX, default 8) and without one.
 * Prints, per run, how the uploads were answered and the health polls' latencies and failures.
 *
 *   npm run bench:upload-burst   (BURST_UPLOADS=50)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { log } from '../lib/log.mjs';
import { DATA_DIR, ROOT } from '../lib/paths.mjs';
import { ProcessGroup } from '../lib/process-group.mjs';
import { nx } from '../lib/nx.mjs';
import { ensurePrerequisites } from '../setup/prerequisites.mjs';
import { startInfrastructure } from '../infra/infrastructure.mjs';
import { portsFor } from '../stack/ports.mjs';
import { startServices } from '../stack/services.mjs';
import { ANA, BO, createSessionBody } from '../lib/session-body.mjs';

const uploads = Number(process.env.BURST_UPLOADS ?? 50);
const benchDir = path.join(DATA_DIR, 'bench-upload-burst');
const HEALTH_EVERY_MS = 100;
const HEALTH_TIMEOUT_MS = 2000;

const quantile = (values, q) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] : NaN);

/**
 * A JPEG of about 1.8 MB, grain (which does not compress): three of them, in base64, make a body
 * of 7.3 MB (the runs of docs/benchmarks.md were made when NATS' max_payload was 8 MB; it is 16 MB
 * since, above the route's 12 MB).
 */
async function largeJpegDataUrl() {
  const width = 1650;
  const height = 1300;
  const noise = crypto.randomBytes(width * height * 3);
  const bytes = await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { dataUrl: `data:image/jpeg;base64,${bytes.toString('base64')}`, megabytes: bytes.length / 1e6 };
}

/** One run on a fresh stack; `inFlightMax` is the gateway's cap (its largest, 10,000: no cap for this burst). */
async function burst(label, inFlightMax, body) {
  fs.rmSync(benchDir, { recursive: true, force: true });
  const group = new ProcessGroup({ logDir: path.join(benchDir, 'logs') });
  try {
    const ports = portsFor('bench');
    const infrastructure = await startInfrastructure(group, { ports, dataDir: benchDir, database: 'idv_upload_burst' });
    const secretKey = crypto.randomBytes(32).toString('base64url');
    const { apiUrl } = await startServices(group, {
      ...infrastructure,
      ports,
      apiKey: crypto.randomBytes(32).toString('base64url'),
      corsOrigins: [],
      publicAppUrl: 'http://localhost:4200',
      gatewayEnv: {
        RATE_LIMIT_KEY_MAX: '100000000',
        RATE_LIMIT_KEY_VERIFICATION_MAX: '10000000',
        LOG_LEVEL: 'warn',
        API_SECRET_KEYS: `bench=${secretKey}`,
        SUBMISSIONS_IN_FLIGHT_MAX: String(inFlightMax),
      },
      verificationEnv: { VERIFICATION_QUEUE_MAX: '1000' },
      verificationScript: path.join(ROOT, 'tools/stack/stub-verification.cjs'),
    });
    const headers = { 'content-type': 'application/json', 'x-api-key': secretKey };
    const places = [];
    for (let i = 0; i < uploads; i++) {
      const created = await (
        await fetch(`${apiUrl}/sessions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(createSessionBody([ANA, BO], 'Upload burst')),
        })
      ).json();
      const bo = created.session.participants[1];
      const claim = await (
        await fetch(`${apiUrl}/sessions/${created.session._id}/participants/${bo._id}/claim`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ email: 'bo@example.com', termsAccepted: true }),
        })
      ).json();
      places.push({ url: `${apiUrl}/verification/${created.session._id}/${bo._id}`, token: claim.participantToken });
    }

    const polls = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const start = performance.now();
        let ok = false;
        try {
          ok = (await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })).status === 200;
        } catch {
          ok = false;
        }
        polls.push({ ms: performance.now() - start, ok });
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      places.map(async ({ url, token }) => {
        try {
          const response = await fetch(url, { method: 'POST', headers: { ...headers, 'x-session-token': token }, body });
          await response.arrayBuffer();
          return String(response.status);
        } catch (error) {
          return `error (${error.cause?.code ?? error.message})`;
        }
      }),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    polling = false;
    await poller;
    const counts = Object.entries(answers.reduce((all, answer) => ({ ...all, [answer]: (all[answer] ?? 0) + 1 }), {}))
      .map(([answer, n]) => `${n} × ${answer}`)
      .join(', ');
    const latencies = polls.map((poll) => poll.ms);
    return {
      gateway: label,
      'uploads answered': counts,
      'all answered after s': burstSeconds.toFixed(1),
      'health polls': polls.length,
      'health failed (not 200 within 2 s)': polls.filter((poll) => !poll.ok).length,
      'health p50 ms': Math.round(quantile(latencies, 0.5)),
      'health p99 ms': Math.round(quantile(latencies, 0.99)),
      'health max ms': Math.round(Math.max(...latencies)),
    };
  } finally {
    await group.stop();
  }
}

await ensurePrerequisites();
await nx(['run-many', '-t', 'build', '--projects=@idv/svc-*']);
const { dataUrl, megabytes } = await largeJpegDataUrl();
log(`${uploads} submissions of three ${megabytes.toFixed(1)} MB JPEGs each, sent at once`);
const body = JSON.stringify({ realName: 'Bo Li', idDocumentFront: dataUrl, idDocumentBack: dataUrl, selfie: dataUrl, proofOfLife: '' });
const rows = [await burst('capped (SUBMISSIONS_IN_FLIGHT_MAX 8)', 8, body), await burst('no cap (SUBMISSIONS_IN_FLIGHT_MAX 10000)', 10000, body)];
console.table(rows);
fs.mkdirSync(benchDir, { recursive: true });
fs.writeFileSync(
  path.join(DATA_DIR, 'upload-burst.md'),
  [
    `| ${Object.keys(rows[0]).join(' | ')} |`,
    `|${Object.keys(rows[0])
      .map(() => '---')
      .join('|')}|`,
    ...rows.map((row) => `| ${Object.values(row).join(' | ')} |`),
  ].join('\n') + '\n',
);
