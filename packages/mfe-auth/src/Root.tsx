import { ChakraProvider, Box, Heading, Text } from '@chakra-ui/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';

function AuthScreen({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-auth">
      <Heading size="lg">{title}</Heading>
      <Text color="gray.600">
        mfe-auth serves {pathname}
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
          <Route path="/login" element={<AuthScreen title="Sign in" />} />
          <Route path="/authSuccessCallback" element={<AuthScreen title="Signing you in" />} />
          <Route
            path="/authOtherOrgSuccessCallback"
            element={<AuthScreen title="Connecting another org" />}
          />
        </Routes>
      </BrowserRouter>
    </ChakraProvider>
  );
}
