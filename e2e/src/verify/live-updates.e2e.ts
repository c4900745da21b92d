import type { Page } from '../support/browser';
import { sessionUnderWay, flowSuite, FLOW_TIMEOUT_MS, pagesOf } from '../support/flows';
import { finalOutcome, verifyFully } from '../support/verify-steps';
import { type Identity } from '../support/identities';

/**
 * Live session updates in real Chromium: the waiting page moves to the results the moment the
 * last person's check is decided, from the session's live stream (GET /api/sessions/:id/events),
 * without reading the session again; with the stream blocked, the 3 s poll still finishes the flow.
 */
describe('live session updates', () => {
  let jose: Identity, anna: Identity;
  const personBrowser = flowSuite((people) => ([jose, anna] = people));

  /** Counts the waiting page's reads of the session itself (GET /api/sessions/:id), not of its stream. */
  function countSessionReads(page: Page, id: string): { reads: number } {
    const counter = { reads: 0 };
    page.on('request', (request) => {
      const read = request.method() === 'GET' && new URL(request.url()).pathname.endsWith(`/api/sessions/${id}`);
      if (read && page.url().includes('/waiting/')) counter.reads++;
    });
    return counter;
  }

  /** José verifies first and waits; Anna joins and verifies; José's page goes to the results. */
  async function twoPeople(josePage: Page, annaPage: Page, onJoseWaiting: (id: string) => void | Promise<void>): Promise<void> {
    const id = await sessionUnderWay(josePage, jose, [[annaPage, anna]]);
    await verifyFully(josePage, jose);
    await josePage.waitForURL(/\/waiting\//);
    await josePage.getByRole('heading', { name: 'Waiting for the other participants' }).waitFor();
    await onJoseWaiting(id);
    await verifyFully(annaPage, anna);
    await finalOutcome(annaPage);
  }

  it(
    "moves the first person's waiting page to the results from the stream, reading the session no more while it waits",
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      let whileWaiting: { reads: number } | undefined;
      await twoPeople(josePage, annaPage, async (id) => {
        // Counted from a moment after the page's first read, which opens the waiting page; then
        // Anna takes longer than two of the waiting page's 3 s checks.
        await josePage.waitForTimeout(1000);
        whileWaiting = countSessionReads(josePage, id);
        await josePage.waitForTimeout(7000);
      });
      await josePage.waitForURL(/\/results\//, { timeout: 10000 });
      expect(whileWaiting?.reads).toBe(0);
      expect(['success', 'failure']).toContain(await finalOutcome(josePage));
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'finishes the flow by polling when the stream is blocked',
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      let blocked = 0;
      await josePage.route(/\/api\/sessions\/[^/]+\/events$/, (route) => {
        blocked++;
        return route.abort();
      });
      let whileWaiting: { reads: number } | undefined;
      await twoPeople(josePage, annaPage, (id) => {
        whileWaiting = countSessionReads(josePage, id);
      });
      expect(['success', 'failure']).toContain(await finalOutcome(josePage));
      expect(blocked).toBeGreaterThan(0);
      // The waiting page's 3 s check did the work instead.
      expect(whileWaiting?.reads).toBeGreaterThan(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "moves another person's verify page to the cancelled view the moment the initiator cancels",
    async () => {
      const [josePage, annaPage] = await pagesOf(personBrowser, jose, anna);
      await sessionUnderWay(josePage, jose, [[annaPage, anna]]);
      await annaPage.getByText(`Verifying as ${anna.invitedName}`).waitFor();
      await josePage.getByRole('button', { name: 'Cancel session' }).click();
      await josePage.getByRole('button', { name: 'Yes, cancel the session' }).click();
      const cancelledAt = Date.now();
      // Faster than the 3 s a poll would take: no poll runs on the verify page at all.
      await annaPage.waitForURL(/\/results\//, { timeout: 3000 });
      await annaPage.getByRole('heading', { name: 'Session cancelled' }).waitFor();
      expect(Date.now() - cancelledAt).toBeLessThan(3000);
    },
    FLOW_TIMEOUT_MS,
  );
});
