import { useState } from 'react';
import { Box, Checkbox, Heading, HStack } from '@chakra-ui/react';
import { FormRenderer, type FormRendererProps } from '../renderer';
import { genealogySampleData, genealogySchema, genealogyUISchema } from './genealogy';

/** The genealogy demo viewer: the GEDCOM X-shaped sample rendered by the form renderer (read-only by default). */
export default function GenealogyViewer(
  props: Partial<Pick<FormRendererProps, 'data' | 'onChange' | 'modes'>>,
) {
  const [readOnly, setReadOnly] = useState(true);
  return (
    <Box>
      <HStack justify="space-between" mb={3}>
        <Heading size="md">Genealogy</Heading>
        <Checkbox isChecked={!readOnly} onChange={(e) => setReadOnly(!e.target.checked)}>
          Edit
        </Checkbox>
      </HStack>
      <FormRenderer
        schema={genealogySchema}
        uischema={genealogyUISchema}
        data={props.data ?? genealogySampleData}
        onChange={props.onChange}
        modes={props.modes}
        readOnly={readOnly}
        formVersion="genealogy-demo@1"
      />
    </Box>
  );
}
