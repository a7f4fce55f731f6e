// The second shared Chakra part (shell/src/chakra-shared/chakra-extra.ts, a shared module under this
// name: scripts/webpack-config.mjs), which home's dialogs and drawers import: Chakra's own types.
declare module '@chakra-ui/react-extra' {
  export * from '@chakra-ui/react';
}
