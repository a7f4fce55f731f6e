import { ChakraProvider } from '@chakra-ui/react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';
import { remoteTheme } from './theme';
import { memoryColorMode } from 'shared-contracts';
import { HomeScreen } from './HomeScreen';

export function Root({ host }: RemoteAppProps) {
  return (
    <ChakraProvider
      resetCSS={false}
      disableGlobalStyle
      theme={remoteTheme}
      colorModeManager={memoryColorMode}
    >
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomeScreen host={host} />} />
        </Routes>
      </BrowserRouter>
    </ChakraProvider>
  );
}
