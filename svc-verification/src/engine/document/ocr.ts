import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { OEM, PSM, type Worker, createWorker } from 'tesseract.js';

// The English data ships in @tesseract.js-data/eng (legacy and LSTM); nothing is downloaded.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ENGLISH = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };

const MRZ_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

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

  /** Text of an image read as MRZ characters only. */
  async readMrzText(image: Buffer): Promise<string> {
    return (await (await this.mrz()).recognize(image)).data.text;
  }

  /** Printed text of an image. */
  async readText(image: Buffer): Promise<string> {
    return (await (await this.text()).recognize(image)).data.text;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const worker of [this.mrzWorker, this.textWorker]) await (await worker)?.terminate();
  }
}
