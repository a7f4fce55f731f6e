/**
 * A user chosen by name for the corrective actions' default assignee (issue 43): Users from the org
 * through the BFF's lookup query (the builder's `searchQuery`, kind `lookup`), searched as the admin
 * types; the chosen one's name stays in the box.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Input, List, ListItem, Spinner, HStack } from '@chakra-ui/react';

export interface UserChoice {
  id: string;
  name: string;
}

const SEARCH_DELAY_MS = 250;

export function UserPicker(props: {
  id: string;
  value: UserChoice | undefined;
  search: (name: string) => Promise<UserChoice[]>;
  onChange: (user: UserChoice | undefined) => void;
}) {
  const { search, onChange } = props;
  const [text, setText] = useState<string | null>(null);
  const [results, setResults] = useState<UserChoice[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  useEffect(() => {
    if (text === null) return;
    const id = ++seq.current;
    const timer = setTimeout(() => {
      setLoading(true);
      search(text)
        .then((users) => {
          if (id === seq.current) setResults(users);
        })
        .catch(() => {
          if (id === seq.current) setResults([]);
        })
        .finally(() => {
          if (id === seq.current) setLoading(false);
        });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search]);
  const open = text !== null && results.length > 0;
  return (
    <Box position="relative">
      <HStack>
        <Input
          id={props.id}
          role="combobox"
          aria-expanded={open}
          aria-autocomplete="list"
          value={text ?? props.value?.name ?? ''}
          onChange={(e) => {
            setText(e.target.value);
            if (props.value) onChange(undefined);
          }}
          onBlur={() => setText(null)}
        />
        {loading ? <Spinner size="xs" /> : null}
      </HStack>
      {open ? (
        <List
          role="listbox"
          position="absolute"
          zIndex={10}
          w="100%"
          bg="white"
          borderWidth="1px"
          boxShadow="md"
          maxH="12rem"
          overflowY="auto"
        >
          {results.map((u) => (
            <ListItem
              key={u.id}
              role="option"
              aria-selected={false}
              px={2}
              py={1}
              cursor="pointer"
              _hover={{ bg: 'gray.100' }}
              onMouseDown={(e) => {
                e.preventDefault();
                onChange(u);
                setText(null);
              }}
            >
              {u.name}
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
