// The whole Chakra UI package, bypassing the shared module (see chakra.ts).
declare module '@chakra-ui/react-full' {
  export * from '@chakra-ui/react';
}

// The second shared Chakra part (chakra-extra.ts, a shared module under this name): Chakra's own types.
declare module '@chakra-ui/react-extra' {
  export * from '@chakra-ui/react';
}
