import { Box, Heading, Text } from '@chakra-ui/react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteAppProps } from 'shared-contracts';

function BuilderScreen({ title }: { title: string }) {
  const { pathname } = useLocation();
  return (
    <Box p={6} data-testid="remote-screen" data-remote="mfe-builder">
      <Heading size="lg">{title}</Heading>
      <Text color="gray.600">mfe-builder serves {pathname}</Text>
    </Box>
  );
}

export function Root(_props: RemoteAppProps) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/CQEditFormSF/:editFormRecordId" element={<BuilderScreen title="Form builder" />} />
        <Route path="/templates" element={<BuilderScreen title="Templates" />} />
        <Route path="/templateConfiguration" element={<BuilderScreen title="Template configuration" />} />
      </Routes>
    </BrowserRouter>
  );
}
