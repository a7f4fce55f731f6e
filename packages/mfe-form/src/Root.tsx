import { Box, Heading, Text } from '@chakra-ui/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';

function FormScreen({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-form">
      <Heading size="lg">{title}</Heading>
      <Text color="gray.600">mfe-form serves {pathname}</Text>
    </Box>
  );
}

export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/form/:formid" element={<FormScreen title="Form" />} />
        <Route path="/filename" element={<FormScreen title="Form" />} />
        <Route path="/launchFromSF/*" element={<FormScreen title="Launching form" />} />
      </Routes>
    </BrowserRouter>
  );
}
