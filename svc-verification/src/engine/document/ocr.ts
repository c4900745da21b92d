import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import path from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import { OEM, PSM, type Page, type Worker, createWorker } from 'tesseract.js';
import { type Baseline, skewFromBaselines } from './skew';
import { threadCpuMs } from './thread-cpu';

// The English data ships in @tesseract.js-data/eng (legacy and LSTM); nothing is downloaded.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** What a read gives: the text, how far its lines are turned (see skewFromBaselines), how long it ran. */
export interface OcrPage {
  text: string;
  skewDegrees: number;
  /** The read's own work: the CPU time its thread spent (the wall clock where that cannot be read). */
  readMs: number;
}

/** A read stopped at its limit (`OcrReadTooLong`), or not started because the check's budget is spent. */
export class OcrCutShort extends Error {}

/** A read its check no longer needs (the check was stopped, or it fails whatever the read says). */
export class OcrReadStopped extends OcrCutShort {
  constructor() {
    super('an OCR read was stopped: its check no longer needs it');
  }
}

/** A read ran past its limit: its worker was ended, so it costs nothing more. */
export class OcrReadTooLong extends OcrCutShort {
  constructor(readonly limitMs: number) {
    super(`an OCR read ran past its limit of ${limitMs} ms`);
  }
}

/**
 * A read that did not get the CPU it needed: it waited for a core so long (`starvedAfterLimits`
 * times its limit on the wall clock, STARVED_AFTER_LIMITS unless set) that it was ended before it
 * had done its limit's work. What it did not read says nothing of the image: the machine was busy.
 */
export class OcrReadStarved extends OcrCutShort {
  constructor(readonly limitMs: number) {
    super(`an OCR read waited for the CPU past several times its limit of ${limitMs} ms`);
  }
}

/** How long a read may wait for cores, in multiples of its limit on the wall clock, before it is ended as starved. */
export const STARVED_AFTER_LIMITS = 4;
/** At most this often the read's CPU time is looked at again once its limit has passed on the wall clock. */
const RECHECK_MIN_MS = 50;

function pageOf(data: Page, readMs: number): OcrPage {
  const baselines: Baseline[] = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.baseline)));
  return { text: data.text, skewDegrees: skewFromBaselines(baselines), readMs };
}

/** Text, and the lines' positions for the skew. */
const OUTPUT = { text: true, blocks: true } as const;

/**
 * One tesseract worker, reading one image at a time, each read within its limit. A read's cost
 * grows with the text an image holds (a page of small print took minutes), and a worker cannot
 * cancel a read: past its limit the worker is ended (its thread stops at once) and the next read
 * starts a new one. The queue is this class's own, because ending a worker drops the reads queued
 * inside it without settling them; here they wait outside and go to the next worker.
 */
class OcrWorker {
  private worker?: Promise<Worker>;
  private queue: Promise<unknown> = Promise.resolve();
  /** The Linux thread the worker runs on (ocr-thread.cjs says it), for the reads' CPU time. */
  tid?: number;

  constructor(
    /** Which worker this is, as its thread says it (ocr-thread.<role>.cjs). */
    readonly role: 'mrz' | 'text',
    private readonly create: () => Promise<Worker>,
  ) {}

  load(): Promise<Worker> {
    if (!this.worker) {
      this.tid = undefined;
      this.worker = this.create();
    }
    return this.worker;
  }

  read(image: Buffer, limitMs: number, signal?: AbortSignal, starvedAfterLimits = STARVED_AFTER_LIMITS): Promise<OcrPage> {
    const read = this.queue.then(() => this.readNow(image, limitMs, signal, starvedAfterLimits));
    this.queue = read.catch(() => undefined);
    return read;
  }

  async end(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await (await worker)?.terminate();
  }

  /**
   * Past its limit, or once `signal` aborts, the read is ended with its worker, and a new worker
   * is started at once for the next read (its start is not counted in that read's time). The
   * limit counts the read's own work: the CPU time of the worker's thread, so that a read that
   * waits for a core on a busy machine is not cut short for it; one that waits past
   * STARVED_AFTER_LIMITS times its limit is ended as starved (`OcrReadStarved`). Where the
   * thread's CPU time cannot be read, the wall clock counts.
   */
  private async readNow(image: Buffer, limitMs: number, signal: AbortSignal | undefined, starvedAfterLimits: number): Promise<OcrPage> {
    if (signal?.aborted) throw new OcrReadStopped();
    const worker = await this.load();
    const started = Date.now();
    const cpuAtStart = this.cpuMs();
    const spent = () => {
      const cpu = this.cpuMs();
      return cpu === undefined || cpuAtStart === undefined ? Date.now() - started : cpu - cpuAtStart;
    };
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const cut = new Promise<never>((_, reject) => {
      const check = () => {
        const work = spent();
        if (work >= limitMs) reject(new OcrReadTooLong(limitMs));
        else if (Date.now() - started >= starvedAfterLimits * limitMs) reject(new OcrReadStarved(limitMs));
        else timer = setTimeout(check, Math.max(RECHECK_MIN_MS, limitMs - work));
      };
      timer = setTimeout(check, limitMs);
      onAbort = () => reject(new OcrReadStopped());
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const { data } = await Promise.race([worker.recognize(image, {}, OUTPUT), cut]);
      return pageOf(data, spent());
    } catch (error) {
      if (error instanceof OcrCutShort) {
        await this.end();
        this.load().catch(() => (this.worker = undefined));
      }
      throw error;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }

  private cpuMs(): number | undefined {
    return this.tid === undefined ? undefined : threadCpuMs(this.tid);
  }
}

/** The worker script: tesseract.js's own, after the thread says which Linux thread it is (ocr-thread.cjs). */
const threadScript = (role: 'mrz' | 'text') => path.join(__dirname, `ocr-thread.${role}.cjs`);

/** No limit given: a read may run this long (an hour; the engine always gives one). */
const UNLIMITED_MS = 3_600_000;

/**
 * OCR with tesseract.js: the legacy engine limited to MRZ characters for machine readable zones
 * (the LSTM engine turns the filler `<` into letters), and the LSTM engine for printed text.
 * Workers are created once and reused (again after a read past its limit); images are passed in
 * memory and never written anywhere.
 */
@Injectable()
export class Ocr implements OnApplicationShutdown {
  private readonly mrzWorker = new OcrWorker('mrz', async () => {
    const worker = await createWorker('eng', OEM.TESSERACT_ONLY, options('mrz'));
    // No learning across pages: each document is read on its own, the same way every time.
    await worker.setParameters({ tessedit_char_whitelist: MRZ_CHARACTERS, tessedit_pageseg_mode: PSM.SINGLE_BLOCK, classify_enable_learning: '0' });
    return worker;
  });
  private readonly textWorker = new OcrWorker('text', () => createWorker('eng', OEM.LSTM_ONLY, options('text')));
  /** How long a read may wait for cores, in multiples of its limit on the wall clock (tests raise it to see the CPU count alone). */
  starvedAfterLimits = STARVED_AFTER_LIMITS;
  /** Where each worker's thread says which Linux thread it is. */
  private readonly threads = new BroadcastChannel('idv-ocr-threads');

  constructor() {
    this.threads.onmessage = (event: unknown) => {
      const { role, tid } = (event as { data: { role?: string; tid?: number } }).data;
      const worker = [this.mrzWorker, this.textWorker].find((candidate) => candidate.role === role);
      if (worker && Number.isInteger(tid)) worker.tid = tid;
    };
    // listening does not keep a process alive
    this.threads.unref();
  }

  /** Loads both engines (at start-up, so the first check is not slow). */
  async load(): Promise<void> {
    await Promise.all([this.mrzWorker.load(), this.textWorker.load()]);
  }

  /** An image read as MRZ characters only; past `limitMs` it rejects with OcrReadTooLong, once `signal` aborts with OcrReadStopped. */
  readMrz(image: Buffer, limitMs = UNLIMITED_MS, signal?: AbortSignal): Promise<OcrPage> {
    return this.mrzWorker.read(image, limitMs, signal, this.starvedAfterLimits);
  }

  /** The printed text of an image; past `limitMs` it rejects with OcrReadTooLong, once `signal` aborts with OcrReadStopped. */
  readText(image: Buffer, limitMs = UNLIMITED_MS, signal?: AbortSignal): Promise<OcrPage> {
    return this.textWorker.read(image, limitMs, signal, this.starvedAfterLimits);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.mrzWorker.end(), this.textWorker.end()]);
    this.threads.close();
  }
}

// cacheMethod 'none': the language data is read from node_modules, nothing is cached to disk.
function options(role: 'mrz' | 'text') {
  return { langPath: ENGLISH.langPath, gzip: ENGLISH.gzip, cacheMethod: 'none', workerPath: threadScript(role) };
}
