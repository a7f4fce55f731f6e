import { describe, expect, it } from 'vitest';
import { appLinkClick, isPlainClick, type LinkClickEvent } from './app-link-click';

const click = (over: Partial<LinkClickEvent> = {}) => {
  const e = {
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    defaultPrevented: false,
    prevented: false,
    preventDefault() {
      e.prevented = true;
    },
    ...over,
  };
  return e;
};

describe('a click on a link to one of the app routes', () => {
  it('goes through the router on a plain left click, with no page load', () => {
    const to: string[] = [];
    const e = click();
    appLinkClick('/login', (path) => to.push(path))(e);
    expect(to).toEqual(['/login']);
    expect(e.prevented).toBe(true);
  });

  it('is left to the browser with a modifier, another button, or when already handled', () => {
    for (const over of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ]) {
      const to: string[] = [];
      const e = click(over);
      expect(isPlainClick(e), JSON.stringify(over)).toBe(false);
      appLinkClick('/', (path) => to.push(path))(e);
      expect(to, JSON.stringify(over)).toEqual([]);
      expect(e.prevented, JSON.stringify(over)).toBe(false);
    }
  });
});
