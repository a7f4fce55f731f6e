import { useState, useSyncExternalStore } from 'react';
import { Text } from '@chakra-ui/react';
import { REQUIRED_LEFT } from 'shared-contracts';

interface Count {
  left: number;
  hasRequired: boolean;
}

/**
 * The renderer's "required fields left" count, held outside React state so a change re-renders this
 * counter only (not the screen, which would hand the renderer new props).
 */
export const useRequiredCount = () => {
  const [box] = useState(() => {
    let value: Count = { left: 0, hasRequired: false };
    const listeners = new Set<() => void>();
    return {
      set: (left: number, hasRequired: boolean): void => {
        if (left === value.left && hasRequired === value.hasRequired) return;
        value = { left, hasRequired };
        listeners.forEach((l) => l());
      },
      get: (): Count => value,
      subscribe: (l: () => void): (() => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    };
  });
  return box;
};

export type RequiredCount = ReturnType<typeof useRequiredCount>;

/** Beside Save: how many required fields are left (nothing for a form without required fields). */
export const RequiredLeft = ({ count }: { count: RequiredCount }) => {
  const { left, hasRequired } = useSyncExternalStore(count.subscribe, count.get);
  if (!hasRequired) return null;
  return (
    <Text
      as="span"
      role="status"
      aria-live="polite"
      fontSize="sm"
      color={left > 0 ? 'orange.700' : 'green.700'}
      alignSelf="center"
      // Its own line above the buttons on a phone, beside them on wider screens.
      flexBasis={{ base: '100%', md: 'auto' }}
      textAlign={{ base: 'end', md: 'start' }}
      me={{ base: 0, md: 2 }}
      data-testid="required-left"
      data-left={left}
    >
      {left > 0 ? REQUIRED_LEFT.left(left) : REQUIRED_LEFT.done}
    </Text>
  );
};
