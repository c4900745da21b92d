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
    return focusHeadingWhenShown();
  }, [pathname]);
}

/** Focuses the main heading once it is in the page, if nothing else has the focus; returns a stop. */
export function focusHeadingWhenShown(waitMs = HEADING_WAIT_MS): () => void {
  const focusLost = () => document.activeElement === null || document.activeElement === document.body;
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    if (focusLost()) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    }
    return true;
  };
  if (tryFocus()) return () => undefined;
  const observer = new MutationObserver(() => tryFocus() && stop());
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
