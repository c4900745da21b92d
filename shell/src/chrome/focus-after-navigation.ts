import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new page may take to show its heading (a remote loading on a slow phone). */
const HEADING_WAIT_MS = 10000;

/**
 * After the app moves to another page (Create session, Start my verification, a submission, the
 * results arriving), keyboard and screen-reader users land on the new page's heading instead of the
 * page's body: the control they pressed is gone, and with it their place. Only when the focus was
 * lost: a page that put it somewhere itself keeps it. Not on the first page of a visit.
 */
export function useFocusAfterNavigation(): void {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    // Loaded at the first move to another page, not with the landing page (its size budget).
    let stop: (() => void) | undefined;
    let left = false;
    void import('./focus-heading').then(({ focusHeadingWhenShown }) => {
      if (!left) stop = focusHeadingWhenShown(HEADING_WAIT_MS);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname]);
}
