// The light header's avatar as Chakra's Avatar draws it (its initials, its colour from the name), so
// the profile button does not change when the full header takes over (LightHeader.tsx).

/** Chakra's initials: the first letters of the first and last words, else of the one word. */
export function initials(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? (names[names.length - 1] ?? '') : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/** Chakra's colour for a name (theme-tools' randomColor from a string) and its text colour on it. */
export function avatarColours(name: string): { bg: string; fg: string } {
  if (!name) return { bg: '#A0AEC0', fg: '#1A202C' }; // gray.400, light: gray.800 text
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) {
    hash = name.charCodeAt(i) + ((hash << 5) - hash);
    hash = hash & hash;
  }
  const channels = [0, 1, 2].map((j) => (hash >> (j * 8)) & 255);
  const bg = `#${channels.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
  const [r = 0, g = 0, b = 0] = channels;
  const dark = (r * 299 + g * 587 + b * 114) / 1000 < 128;
  return { bg, fg: dark ? '#fff' : '#1A202C' };
}
