import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CLOUD_OFF_PATH } from './icon-paths';
import * as icons from './icons';

const root = path.resolve(import.meta.dirname, '../..');
const FRONT_ENDS = ['shell', 'mfe-auth', 'mfe-home', 'mfe-form', 'mfe-builder', 'ui-kit'];
const HOME = new Set(['ui-kit/src/icons.tsx', 'ui-kit/src/icon-paths.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Each icon's drawing, as it renders. */
const drawings = Object.entries(icons).map(([name, Icon]) => {
  const d = /<path[^>]* d="([^"]+)"/.exec(renderToStaticMarkup(createElement(Icon)))?.[1];
  return { name, d: d ?? '' };
});

describe('the icon set', () => {
  it('renders every icon as a 24×24 SVG path, each a drawing of its own', () => {
    expect(drawings.length).toBeGreaterThan(10);
    for (const { name, d } of drawings) expect(d, name).toMatch(/^[Mm][\d .,A-Za-z-]+$/);
    expect(new Set(drawings.map((x) => x.d)).size).toBe(drawings.length);
  });

  it('draws the cloud-off icon from the path the Chakra-free light header uses', () => {
    expect(drawings.find((x) => x.name === 'CloudOffIcon')?.d).toBe(CLOUD_OFF_PATH);
  });

  it('is the only place of its drawings: no front end holds a copy of a path', () => {
    const copies = FRONT_ENDS.flatMap((pkg) => sources(path.join(root, pkg, 'src')))
      .map((file) => path.relative(root, file))
      .filter((file) => !HOME.has(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(root, file), 'utf8');
        return drawings.filter(({ d }) => text.includes(d)).map(({ name }) => `${file}: ${name}`);
      });
    expect(copies).toEqual([]);
  });
});
