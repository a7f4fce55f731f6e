/**
 * The print layout of a filled form: logo, header (form name), subheader (created date and status),
 * then the whole form read-only with every section open and every category shown; textareas print as
 * text copies (the renderer's print CSS) and the footer and white buttons are hidden on paper.
 */
import { useEffect } from 'react';
import { Box, Button, Heading, HStack, Image, Text } from '@chakra-ui/react';
import type { FormDefinition, LocalSubmission } from 'shared-contracts';
import { FormRenderer, type FormRendererServices } from '../renderer';
import { PrintModeContext } from '../renderer/context';
import { PRINT_TEXTS, printSubheader } from './print-texts';

export interface PrintViewProps {
  submission: LocalSubmission;
  formDef: FormDefinition;
  services: FormRendererServices;
  timeZone?: string;
  /** Open the browser's print dialog once rendered (the Print button); a print link leaves it off. */
  autoPrint?: boolean;
  onDone?: () => void;
}

export function PrintView({ submission, formDef, services, timeZone, autoPrint, onDone }: PrintViewProps) {
  useEffect(() => {
    if (!autoPrint) return;
    const after = (): void => onDone?.();
    window.addEventListener('afterprint', after);
    // Let the fully opened form paint before the dialog snapshots it.
    const t = setTimeout(() => window.print(), 300);
    return () => {
      clearTimeout(t);
      window.removeEventListener('afterprint', after);
    };
  }, [autoPrint, onDone]);
  const logo = formDef.styles?.header?.logo;
  return (
    <Box p={{ base: 3, md: 6 }} maxW="5xl" mx="auto" data-testid="print-view">
      <HStack spacing={4} mb={1} align="center">
        {logo ? <Image src={logo} alt={PRINT_TEXTS.logoAlt} maxH="3.5rem" data-testid="print-logo" /> : null}
        <Heading as="h1" size="lg">
          {submission.formName || formDef.formName}
        </Heading>
      </HStack>
      <Text color="gray.600" mb={4} data-testid="print-subheader">
        {printSubheader(submission, { timeZone })}
      </Text>
      {onDone ? (
        <Button size="sm" mb={4} onClick={onDone} className="cq-no-print">
          {PRINT_TEXTS.back}
        </Button>
      ) : null}
      <PrintModeContext.Provider value>
        <FormRenderer
          schema={formDef.schema}
          uischema={formDef.ui}
          data={submission.data}
          originalData={submission.originalData}
          readOnly
          readOnlyFields={formDef.readOnly}
          modes={{ selectedSubmission: true, mobile: false }}
          services={services}
          formVersion={`${submission.formId}@${formDef.version ?? ''}`}
          showErrorSummary={false}
        />
      </PrintModeContext.Provider>
    </Box>
  );
}
