import {
  Box,
  Button,
  FormControl,
  FormErrorMessage,
  FormLabel,
  Heading,
  HStack,
  Input,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import type { AuthSessionAnswer as AuthSession } from 'shared-contracts';
import { validateOtherOrgSignIn, type LoginChoice, type OtherOrgSignIn, type PublishTarget } from './logic';
import { onlyMessages } from '../editors/formik-helpers';
import { TEMPLATE_TEXTS as T } from './texts';

/**
 * Where the component goes (main org, another org, a download) and, for another org, its sign-in: a
 * small form of its own (validateOtherOrgSignIn) inside the configuration.
 */
export function TargetSection({
  target,
  onTarget,
  mainUrl,
  session,
  onSignIn,
}: {
  target: PublishTarget;
  onTarget(target: PublishTarget): void;
  mainUrl: string;
  session: AuthSession;
  /** A valid sign-in choice: the screen keeps the configuration and leaves for the org's sign-in. */
  onSignIn(choice: OtherOrgSignIn): void;
}) {
  const signIn = useFormik<OtherOrgSignIn>({
    initialValues: { loginUrl: 'production', customDomain: '' },
    validate: (v) => onlyMessages(validateOtherOrgSignIn(v)),
    onSubmit: onSignIn,
  });
  const domainError = signIn.touched.customDomain ? signIn.errors.customDomain : undefined;

  return (
    <Box as="fieldset" minW={0}>
      <Heading as="legend" size="md" mb={3}>
        {T.target}
      </Heading>
      <RadioGroup value={target} onChange={(v) => onTarget(v as PublishTarget)}>
        <Stack direction={{ base: 'column', md: 'row' }} spacing={6}>
          <Radio value="main">
            {T.targetMain}
            {mainUrl && (
              <Text as="span" color="gray.600" fontSize="sm">
                {' '}
                ({mainUrl})
              </Text>
            )}
          </Radio>
          <Radio value="other">{T.targetOther}</Radio>
          <Radio value="download">{T.targetDownload}</Radio>
        </Stack>
      </RadioGroup>
      {target === 'other' && (
        <Box mt={4} p={4} borderWidth="1px" borderRadius="md" data-testid="other-org">
          <Text mb={3} role="status">
            {session?.otherOrg
              ? T.otherSignedIn(session.otherOrg.username, session.otherOrg.url)
              : T.otherNotSignedIn}
          </Text>
          {/* Aligned at the top: a custom domain's error message must not lift its input. */}
          <HStack align="start" spacing={3} flexWrap="wrap">
            <FormControl maxW="2xs">
              <FormLabel>{T.loginUrl}</FormLabel>
              <Select
                name="loginUrl"
                value={signIn.values.loginUrl}
                onChange={(e) => void signIn.setFieldValue('loginUrl', e.target.value as LoginChoice)}
              >
                <option value="production">{T.production}</option>
                <option value="sandbox">{T.sandbox}</option>
                <option value="custom">{T.customDomain}</option>
              </Select>
            </FormControl>
            {signIn.values.loginUrl === 'custom' && (
              <FormControl maxW="sm" isInvalid={Boolean(domainError)}>
                <FormLabel>{T.customDomain}</FormLabel>
                <Input
                  {...signIn.getFieldProps('customDomain')}
                  type="url"
                  dir="ltr"
                  placeholder={T.customDomainPlaceholder}
                  onKeyDown={(e) => {
                    // Enter signs in (this part is not a form of its own: it sits in the configuration).
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void signIn.submitForm();
                    }
                  }}
                />
                <FormErrorMessage>{domainError}</FormErrorMessage>
              </FormControl>
            )}
            {/* Level with the inputs under their labels. */}
            <Box pt={8}>
              <Button onClick={() => void signIn.submitForm()} isDisabled={!signIn.isValid}>
                {session?.otherOrg ? T.otherSignInAgain : T.otherSignIn}
              </Button>
            </Box>
          </HStack>
        </Box>
      )}
    </Box>
  );
}
