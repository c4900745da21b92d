import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { OEM, PSM, type Page, type Worker, createWorker } from 'tesseract.js';
import { type Baseline, skewFromBaselines } from './skew';

// The English data ships in @tesseract.js-data/eng (legacy and LSTM); nothing is downloaded.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** What a read gives: the text, and how far its lines are turned (see skewFromBaselines). */
export interface OcrPage {
  text: string;
  skewDegrees: number;
}

function pageOf(data: Page): OcrPage {
  const baselines: Baseline[] = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line) => line.baseline)));
  return { text: data.text, skewDegrees: skewFromBaselines(baselines) };
}

/** Text, and the lines' positions for the skew. */
const OUTPUT = { text: true, blocks: true } as const;

/**
 * OCR with tesseract.js: the legacy engine limited to MRZ characters for machine readable zones
 * (the LSTM engine turns the filler `<` into letters), and the LSTM engine for printed text.
 * Workers are created once and reused; images are passed in memory and never written anywhere.
 */
@Injectable()
export class Ocr implements OnApplicationShutdown {
  private mrzWorker?: Promise<Worker>;
  private textWorker?: Promise<Worker>;

  private options() {
    // cacheMethod 'none': the language data is read from node_modules, nothing is cached to disk.
    return { langPath: ENGLISH.langPath, gzip: ENGLISH.gzip, cacheMethod: 'none' };
  }

  private mrz(): Promise<Worker> {
    this.mrzWorker ??= (async () => {
      const worker = await createWorker('eng', OEM.TESSERACT_ONLY, this.options());
      // No learning across pages: each document is read on its own, the same way every time.
      await worker.setParameters({ tessedit_char_whitelist: MRZ_CHARACTERS, tessedit_pageseg_mode: PSM.SINGLE_BLOCK, classify_enable_learning: '0' });
      return worker;
    })();
    return this.mrzWorker;
  }

  private text(): Promise<Worker> {
    this.textWorker ??= createWorker('eng', OEM.LSTM_ONLY, this.options());
    return this.textWorker;
  }

  /** Loads both engines (at start-up, so the first check is not slow). */
  async load(): Promise<void> {
    await Promise.all([this.mrz(), this.text()]);
  }

  /** An image read as MRZ characters only. */
  async readMrz(image: Buffer): Promise<OcrPage> {
    return pageOf((await (await this.mrz()).recognize(image, {}, OUTPUT)).data);
  }

  /** The printed text of an image. */
  async readText(image: Buffer): Promise<OcrPage> {
    return pageOf((await (await this.text()).recognize(image, {}, OUTPUT)).data);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const worker of [this.mrzWorker, this.textWorker]) await (await worker)?.terminate();
  }
}
