// The whole Chakra UI package, bypassing the shared module (see chakra.ts).
declare module '@chakra-ui/react-full' {
  export * from '@chakra-ui/react';
}
