import type { Page } from 'playwright-core';
import { acceptInvitation, browserFor, createSession, sessionOf, startAsInitiator } from '../src/support/flows';
import { fillNameAndDocuments, finalOutcome, submit, takeSelfie, verifyFully } from '../src/support/verify-steps';
import { WORDS } from '../src/support/words';
import { identities } from '../src/support/identities';

/**
 * Time from pressing submit to the result on screen, as the last of two people to submit sees
 * it: upload, the gateway, NATS, the AI checks, the status event, and the pages' refreshes.
 * Prints p50 and the spread over BENCH_RUNS sessions (default 7) for each of two orders of events
 * (SCENARIOS), timed in the page (watchSubmission). Target: p50 <= 1 s. Then the
 * API requests one open waiting page makes in a minute while nothing changes: with its live
 * stream, and with the stream blocked (the pages as they were before it: a read every 3 s).
 * And, over BENCH_RUNS sessions, the time from a failure's decision to its reason on the failed
 * person's own waiting page while the other person has not submitted (target: within 1 s).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const NAME_MISMATCH_REASON = 'The name typed does not match the name on the document.';
const WAITING_MS = 60000;
const percentile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

/** Times on the page's own clock (performance.now()), ms: see watchSubmission. */
interface PageMarks {
  press: number;
  requestStart: number;
  accepted: number;
  outcome: number;
}

/**
 * Times the press and the outcome in the page itself: the press is the click event on the submit
 * button; the outcome is the first animation frame after the final outcome heading is in the
 * document (a MutationObserver sees it at once). Playwright's own waits cannot time this: its
 * `waitFor` looks again after 0, 20, 50, 100, 100 ms and then every 500 ms, so a result that appears
 * a second after the press was seen up to half a second late; and its `click` first checks the
 * button is stable over animation frames, before the person's press would have happened. The
 * submission's request is read from the page's resource timing (fetch called, response in).
 */
async function watchSubmission(page: Page): Promise<() => Promise<PageMarks>> {
  const { success, failure } = WORDS.en;
  await page.evaluate(
    ({ success, failure }) => {
      const marks = { press: 0, outcome: 0 };
      Object.assign(window, { __submissionMarks: marks });
      document.addEventListener(
        'click',
        (event) => void (!marks.press && (event.target as Element).closest('button[type="submit"]') && (marks.press = performance.now())),
        true,
      );
      const shown = () => Array.from(document.querySelectorAll('h2')).some((h) => h.textContent?.trim() === success || h.textContent?.trim() === failure);
      const observer = new MutationObserver(() => {
        if (!marks.press || !shown()) return;
        observer.disconnect();
        requestAnimationFrame(() => void (marks.outcome = performance.now()));
      });
      observer.observe(document, { subtree: true, childList: true, characterData: true });
    },
    { success, failure },
  );
  return () =>
    page.evaluate(() => {
      const marks = (window as unknown as { __submissionMarks?: { press: number; outcome: number } }).__submissionMarks;
      if (!marks?.press || !marks.outcome) throw new Error('the page was reloaded between the press and the outcome: nothing to time');
      const request = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/verification/') && entry.startTime >= marks.press) as
        PerformanceResourceTiming | undefined;
      return { press: marks.press, requestStart: request?.startTime ?? NaN, accepted: request?.responseEnd ?? NaN, outcome: marks.outcome };
    });
}

/**
 * The two orders of events timed. The script fills the second person's form in under a second, so
 * by default that person presses while the first person's check still runs, and the two checks
 * share the two cores; people take longer than a check to fill in a form and take a selfie, so the
 * second series first waits for the first person's result.
 */
const SCENARIOS = [
  { name: "while the first person's check runs", afterFirstResult: false },
  { name: "after the first person's result", afterFirstResult: true },
];

/** Until the session shows the first person (the initiator) verified or failed. */
async function firstResult(id: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 30000; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (['verified', 'failed'].includes((await sessionOf(id)).participants[0]?.status ?? '')) return;
  }
  throw new Error("the first person's check gave no result in 30 s");
}

it('measures submit to result on screen', async () => {
  const {
    identities: [jose, anna],
  } = await identities();
  const joseBrowser = await browserFor(jose.cameraFile);
  const annaBrowser = await browserFor(anna.cameraFile);
  const waitingRequests: Record<string, number> = {};
  /** Per run: the decision to the person's own reason on their waiting page, ms. */
  const ownFailure: number[] = [];
  const measured = SCENARIOS.map((scenario) => ({
    ...scenario,
    timings: [] as number[],
    /** Per run, from the press: the request sent, its 202 in, the outcome shown (ms, the page's clock). */
    stages: [] as number[][],
    /** The same span as Playwright's calls see it (how this script timed it until 2026-11-25). */
    seenByPlaywright: [] as number[],
  }));
  /** A session of two in fresh pages: José (typing `asJose`'s name) has submitted and waits; Anna has accepted. */
  const firstHasSubmitted = async (asJose: typeof jose) => {
    const josePage = await joseBrowser.browser.context.newPage();
    const annaPage = await annaBrowser.browser.context.newPage();
    const id = await createSession(josePage, jose, [anna]);
    await startAsInitiator(josePage);
    await acceptInvitation(annaPage, id, anna);
    await verifyFully(josePage, asJose);
    await josePage.waitForURL(/\/waiting\//);
    return { josePage, annaPage, id };
  };
  try {
    for (const scenario of measured) {
      for (let run = 0; run < RUNS; run++) {
        const { josePage, annaPage, id } = await firstHasSubmitted(jose);
        if (scenario.afterFirstResult) await firstResult(id);
        await fillNameAndDocuments(annaPage, anna);
        await takeSelfie(annaPage);
        const marksOf = await watchSubmission(annaPage);
        const pressedAt = await submit(annaPage);
        const outcome = await finalOutcome(annaPage);
        scenario.seenByPlaywright.push(Date.now() - pressedAt);
        // The outcome's frame may still be pending when Playwright sees the heading.
        await annaPage.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const marks = await marksOf();
        scenario.timings.push(Math.round(marks.outcome - marks.press));
        scenario.stages.push([marks.requestStart - marks.press, marks.accepted - marks.press, marks.outcome - marks.press].map(Math.round));
        if (outcome !== 'success') throw new Error(`run ${run + 1} ended in ${outcome}`);
        await Promise.all([josePage.close(), annaPage.close()]);
      }
    }
    // A failure on the waiting page: the first person typed a name that is not on the document,
    // while the other has not submitted yet. From the decision (its decidedAt, on this machine's
    // clock) to the reason on that person's waiting page (the page's Date.now(), the same clock).
    for (let run = 0; run < RUNS; run++) {
      const { josePage, annaPage, id } = await firstHasSubmitted({ ...jose, realName: 'Maria Gonzalez' });
      await josePage.evaluate((reason) => {
        const found = () => document.body.textContent?.includes(reason);
        const mark = () => Object.assign(window, { __reasonShownAt: Date.now() });
        if (found()) return mark();
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          requestAnimationFrame(mark);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
      }, NAME_MISMATCH_REASON);
      await josePage.getByText(NAME_MISMATCH_REASON).waitFor({ timeout: 60000 });
      await josePage.waitForFunction(() => (window as unknown as { __reasonShownAt?: number }).__reasonShownAt !== undefined);
      const shownAt = await josePage.evaluate(() => (window as unknown as { __reasonShownAt: number }).__reasonShownAt);
      const decidedAt = Date.parse((await sessionOf(id)).participants[0]?.result?.decidedAt ?? '');
      ownFailure.push(shownAt - decidedAt);
      await Promise.all([josePage.close(), annaPage.close()]);
    }
    for (const blocked of [false, true]) {
      const page = await joseBrowser.browser.context.newPage();
      if (blocked) await page.route(/\/api\/sessions\/[^/]+\/events$/, (route) => route.abort());
      const id = await createSession(page, jose, [anna]);
      await startAsInitiator(page);
      await verifyFully(page, jose);
      await page.waitForURL(/\/waiting\//);
      await page.waitForTimeout(2000);
      let count = 0;
      const onRequest = (request: { url: () => string }) => void (request.url().includes(`/api/sessions/${id}`) && count++);
      page.on('request', onRequest);
      await page.waitForTimeout(WAITING_MS);
      page.off('request', onRequest);
      waitingRequests[blocked ? 'stream blocked (a read every 3 s, as before)' : 'with the live stream'] = count;
      await page.close();
    }
  } finally {
    await joseBrowser.browser.close();
    await annaBrowser.browser.close();
  }
  const table = {
    runs: RUNS,
    ...Object.fromEntries(
      measured.flatMap((scenario) => {
        const p50 = percentile(scenario.timings, 0.5);
        const name = `the second person presses ${scenario.name}`;
        return [
          [`${name}: p50 ms`, p50],
          [`${name}: min / max ms`, `${Math.min(...scenario.timings)} / ${Math.max(...scenario.timings)}`],
          [`${name}: each run ms`, scenario.timings.join(', ')],
          [
            `${name}: each run, press to the request sent / to its 202 in / to the outcome shown, ms`,
            scenario.stages.map((stage) => stage.join(' / ')).join(', '),
          ],
          [`${name}: target p50 <= 1000 ms`, p50 <= 1000 ? 'met' : 'NOT met'],
          [`${name}: as Playwright sees it (before its click, after its wait), p50 ms`, percentile(scenario.seenByPlaywright, 0.5)],
        ];
      }),
    ),
    'a failure to its reason on the waiting page (the other person not yet submitted): p50 ms': percentile(ownFailure, 0.5),
    'a failure to its reason on the waiting page: min / max ms': `${Math.min(...ownFailure)} / ${Math.max(...ownFailure)}`,
    'a failure to its reason on the waiting page: each run ms': ownFailure.join(', '),
    'a failure to its reason on the waiting page: target <= 1000 ms every run': Math.max(...ownFailure) <= 1000 ? 'met' : 'NOT met',
    ...Object.fromEntries(
      Object.entries(waitingRequests).map(([how, count]) => [`API requests by one waiting page in ${WAITING_MS / 60000} min, ${how}`, count]),
    ),
  };
  process.stdout.write(
    `\nsubmit to result on screen\n${Object.entries(table)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join('\n')}\n`,
  );
});
