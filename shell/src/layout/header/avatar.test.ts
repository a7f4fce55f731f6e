import { describe, expect, it } from 'vitest';
import { avatarColours, initials } from './avatar';

describe('the light header avatar', () => {
  it("takes Chakra's initials", () => {
    expect(initials('Frank Fielding')).toBe('FF');
    expect(initials('Frank de la Fielding')).toBe('FF');
    expect(initials('Frank')).toBe('F');
  });

  it("takes Chakra's colour for the name, with white text on a dark one", () => {
    // theme-tools' randomColor({ string }) for these names
    expect(avatarColours('Frank Fielding').bg).toMatch(/^#[0-9a-f]{6}$/);
    expect(avatarColours('Frank Fielding')).toEqual(avatarColours('Frank Fielding'));
    expect(avatarColours('').bg).toBe('#A0AEC0');
  });
});
