// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { areaElement, setAreaState } from './outlet';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  // The page as the BFF sends /login: mfe-auth's prerendered screen in the outlet (issue 46).
  document.body.innerHTML =
    '<main id="remote-outlet"><div data-prerendered="mfe-auth"><button>Production login</button></div></main>';
});

describe("a remote's prerendered screen", () => {
  it('stays while the area is empty, and goes as the remote draws into it', async () => {
    const area = areaElement('mfe-auth');
    setAreaState(area, 'mounted'); // mounted, but nothing drawn yet (a language still loading)
    await flush();
    expect(document.querySelector('[data-prerendered]')).not.toBeNull();
    area.append(document.createElement('div'));
    await flush();
    expect(document.querySelector('[data-prerendered]')).toBeNull();
  });

  it("goes when another remote's screen is up first (the route moved on)", async () => {
    areaElement('mfe-auth');
    setAreaState(areaElement('mfe-home'), 'mounted');
    expect(document.querySelector('[data-prerendered]')).toBeNull();
  });
});
