import { ChakraProvider, Box, Heading, Text } from '@chakra-ui/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';

function HomeScreen() {
  const { pathname } = useLocation();
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-home">
      <Heading size="lg">checklists</Heading>
      <Text color="gray.600">
        mfe-home serves {pathname}
        {process.env.BUILD_LABEL ? ` · build ${process.env.BUILD_LABEL}` : ''}
      </Text>
    </Box>
  );
}

export function Root(_props: RemoteAppProps) {
  return (
    <ChakraProvider resetCSS={false} disableGlobalStyle>
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomeScreen />} />
        </Routes>
      </BrowserRouter>
    </ChakraProvider>
  );
}
