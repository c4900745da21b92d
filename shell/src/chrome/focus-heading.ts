/** Focuses the main heading once it is in the page, if nothing else has the focus; returns a stop. */
export function focusHeadingWhenShown(waitMs: number): () => void {
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
