// `@chakra-ui/react` in the form's and the builder's builds: the shared Chakra module and its part only
// they use (chakra-extra.ts), both from the share scope (scripts/webpack-config.mjs).
export * from '@chakra-ui/react';
export * from '@chakra-ui/react-extra';
