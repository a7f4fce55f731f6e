import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { navigateToUrl } from 'single-spa';
import { NOT_FOUND } from 'shared-contracts';

export function NotFound() {
  return (
    <Box p={8} data-testid="not-found">
      <Heading size="lg" mb={2}>
        {NOT_FOUND.title}
      </Heading>
      <Text mb={4}>{NOT_FOUND.body}</Text>
      <Link href="/" color="blue.600" onClick={navigateToUrl}>
        {NOT_FOUND.homeLink}
      </Link>
    </Box>
  );
}
