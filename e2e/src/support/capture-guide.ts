import type { Page } from './browser';
import { type Language, WORDS } from './words';

/**
 * One thing the guided capture said: its words, the arrow shown with them ('' when none), and
 * whether they were shown as something to fix (a start or a move asked for once more).
 */
export interface GuideSaid {
  words: string;
  arrow: string;
  fix: boolean;
}

/** Where the page keeps what it recorded. */
interface RecordingWindow {
  captureGuideSaid?: GuideSaid[];
}

/**
 * Records, in the page, everything the capture's guide says and the arrow shown with it, as it
 * changes (a MutationObserver), for the test to read after the fact. A move asked for once more is
 * said for 1.5 s: a test step that takes longer on a busy machine (an accessibility scan, a
 * screenshot) would miss it if the test looked for it on the screen afterwards. Call with the camera
 * open (its guide shown), before Capture.
 */
export async function recordCaptureGuide(page: Page) {
  await page.evaluate(() => {
    const guide = document.querySelector('.capture-guide');
    if (!guide?.parentElement) throw new Error('the capture guide is not shown');
    const said: GuideSaid[] = [];
    const look = () => {
      // the capture over, the camera view closes: nothing more is said
      if (!guide.isConnected) return;
      const now = {
        words: guide.textContent ?? '',
        arrow: document.querySelector('.move-arrow')?.textContent ?? '',
        fix: guide.classList.contains('capture-guide-fix'),
      };
      const last = said.at(-1);
      if (!last || last.words !== now.words || last.arrow !== now.arrow || last.fix !== now.fix) said.push(now);
    };
    look();
    new MutationObserver(look).observe(guide.parentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    (window as RecordingWindow).captureGuideSaid = said;
  });
  return {
    /** Everything said so far, in order. */
    said: () => page.evaluate(() => (window as RecordingWindow).captureGuideSaid ?? []),
    /** Waits until the guide has said words matching `pattern` (now or before). */
    async hasSaid(pattern: RegExp, timeout = 30000): Promise<void> {
      await page.waitForFunction(
        ([source, flags]) => ((window as RecordingWindow).captureGuideSaid ?? []).some((said) => new RegExp(source, flags).test(said.words)),
        [pattern.source, pattern.flags] as const,
        { timeout },
      );
    },
  };
}

/** A move of the capture as the guide said it. */
export interface MoveSaid {
  /** Its words, without where the person is in the challenge ("Move 1 of 3"). */
  words: string;
  /** The arrow shown with it. */
  arrow: string;
  /** Whether it was asked for once more, in the same words after "A little further:", shown as something to fix. */
  askedAgain: boolean;
}

/** The `count` moves of a capture, in order, as `said` (recordCaptureGuide) holds them. */
export function movesSaid(said: readonly GuideSaid[], count: number, language: Language = 'en'): MoveSaid[] {
  const w = WORDS[language];
  return Array.from({ length: count }, (_, index) => {
    const progress = `. ${w.moveOf(index + 1, count)}`;
    const first = said.find((each) => each.words.endsWith(progress) && !each.words.startsWith(w.further));
    if (!first) throw new Error(`the guide never said move ${index + 1}: ${JSON.stringify(said)}`);
    const again = `${w.further} ${first.words}`;
    return {
      words: first.words.slice(0, -progress.length),
      arrow: first.arrow,
      askedAgain: said.some((each) => each.words === again && each.fix && each.arrow === first.arrow),
    };
  });
}
