type ColorMode = 'light' | 'dark';

/**
 * Chakra's colour-mode manager, kept in memory (structurally Chakra's StorageManager): no front end
 * writes browser storage of its own for it, so log out's "clear browser storage" leaves nothing.
 */
export const memoryColorMode = {
  type: 'localStorage' as const,
  ssr: false,
  get: (init?: ColorMode): ColorMode | undefined => init,
  set: (_value: ColorMode | 'system'): void => undefined,
};
