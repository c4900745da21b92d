import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { SessionView } from '@idv/contracts';
import { connect } from 'nats';
import sharp from 'sharp';
import { api, sessionWithBoClaimed } from '../support/api';

/** A JPEG carrying `marker` in a comment segment (FF FE), so its bytes can be searched for anywhere. */
async function markedJpeg(marker: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const text = Buffer.from(marker, 'ascii');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

function filesUnder(directory: string, newerThan = 0): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < 6) walk(full, depth + 1);
      else if (entry.isFile()) {
        try {
          const stat = fs.statSync(full);
          if (stat.mtimeMs >= newerThan && stat.size < 200 * 1024 * 1024) found.push(full);
        } catch {
          // gone meanwhile
        }
      }
    }
  };
  walk(directory, 0);
  return found;
}

/**
 * Images live only in memory during a check: after a full verification, neither the marker
 * embedded in the images nor their base64 is in the database, in any NATS stream, in the service
 * logs, in any file of the test run's data folder (FerretDB's SQLite files, NATS's store), or in
 * new files under the temp directory.
 */
describe('privacy of submitted images', () => {
  it('leaves no image bytes anywhere after a full verification', async () => {
    const dataDir = process.env.E2E_DATA_DIR;
    const logDir = process.env.E2E_LOG_DIR;
    if (!dataDir || !logDir || !process.env.NATS_URL) throw new Error('E2E_DATA_DIR, E2E_LOG_DIR and NATS_URL are needed: run through `npm test`.');
    const started = Date.now();
    const marker = `IDVPRIVACYMARKER${randomBytes(8).toString('hex').toUpperCase()}`;
    const image = await markedJpeg(marker);
    const base64 = image.toString('base64');
    const needles = [Buffer.from(marker), Buffer.from(base64.slice(0, 120)), Buffer.from(base64.slice(-120))];

    const { session, bo, boToken: token } = await sessionWithBoClaimed();
    const dataUrl = `data:image/jpeg;base64,${base64}`;
    const submitted = await api('POST', `/verification/${session._id}/${bo._id}`, {
      body: { realName: 'Bo Li', idDocumentFront: dataUrl, idDocumentBack: dataUrl, selfie: dataUrl, proofOfLife: '' },
      token,
    });
    expect(submitted.status).toBe(202);
    let status = 'submitted';
    for (let i = 0; i < 100 && status === 'submitted'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await api<SessionView>('GET', `/sessions/${session._id}`)).body.participants[1].status;
    }
    expect(['verified', 'failed']).toContain(status);

    const holds = (bytes: Buffer) => needles.some((needle) => bytes.includes(needle));

    // The database, document by document.
    const mongoose = (await import('mongoose')).default;
    const connection = await mongoose.createConnection(process.env.MONGODB_URI!).asPromise();
    try {
      for (const { name } of await connection.db!.listCollections().toArray()) {
        const documents = await connection.collection(name).find({}).toArray();
        expect({ collection: name, holds: holds(Buffer.from(JSON.stringify(documents))) }).toEqual({ collection: name, holds: false });
      }
    } finally {
      await connection.close();
    }

    // Every message of every JetStream stream.
    const nats = await connect({ servers: process.env.NATS_URL });
    try {
      const jsm = await nats.jetstreamManager();
      for await (const stream of jsm.streams.list()) {
        for (let seq = stream.state.first_seq; seq > 0 && seq <= stream.state.last_seq; seq++) {
          const message = await jsm.streams.getMessage(stream.config.name, { seq }).catch(() => undefined);
          if (message)
            expect({ stream: stream.config.name, seq, holds: holds(Buffer.from(message.data)) }).toEqual({ stream: stream.config.name, seq, holds: false });
        }
      }
    } finally {
      await nats.close();
    }

    // Logs, the run's data folder (database files, stream store) and new temp files.
    const files = [...filesUnder(dataDir), ...filesUnder(logDir), ...filesUnder(os.tmpdir(), started)];
    expect(files.length).toBeGreaterThan(0);
    const holding = files.filter((file) => {
      try {
        return holds(fs.readFileSync(file));
      } catch {
        return false;
      }
    });
    expect(holding).toEqual([]);
  }, 60000);
});
