import type { Page } from '../support/browser';

/** What a person can press, type in or choose. */
const CONTROLS = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="radio"], [role="checkbox"], summary';

/**
 * Why the page, as shown now, does not fit the screen's width: wider than the screen (it would
 * scroll sideways), or a visible control reaching past its left or right edge, or cut off by a box
 * that hides what overflows it; or its styles missing (an unstyled page fits anything). Empty when
 * it fits. Waits for layout to settle first.
 */
export async function phoneFit(page: Page): Promise<string[]> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide`);
    // A page without its styles fits any screen: make sure the shared screen styles are there.
    const screen = document.querySelector('main .screen');
    if (screen && getComputedStyle(screen).display !== 'grid') problems.push('the shared screen styles (libs/ui screens.css) are not loaded');
    const describe = (element: Element) => {
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${text}"`;
    };
    for (const control of Array.from(document.querySelectorAll(selector))) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // A control drawn off the screen on purpose (a skip link until it is focused) is not cut off.
      if (box.right <= 0 || box.left >= width) {
        if (box.right > -100 && box.left < width + 100)
          problems.push(`${describe(control)} is outside the screen (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
        continue;
      }
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`${describe(control)} runs past the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
      for (let box2 = control.parentElement; box2 && box2 !== document.body; box2 = box2.parentElement) {
        const clip = getComputedStyle(box2);
        if (clip.overflowX === 'visible' || clip.overflowX === 'auto' || clip.overflowX === 'scroll') continue;
        const outer = box2.getBoundingClientRect();
        if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5) {
          problems.push(`${describe(control)} is cut off by its ${box2.tagName.toLowerCase()}.${box2.className}`);
          break;
        }
      }
    }
    return problems;
  }, CONTROLS);
}
