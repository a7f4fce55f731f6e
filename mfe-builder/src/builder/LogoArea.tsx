import { Alert, AlertIcon, Box, Button, HStack, Image, Input } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { memo, useEffect, useRef } from 'react';
import { BUILDER } from 'shared-contracts';
import { setLogo } from '../model/layout';
import { logoError } from './logo';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const logoOf = (s: BuilderStore) => s.getForm().meta.logo;

interface LogoValues {
  file: File | null;
}

const validate = ({ file }: LogoValues) => {
  const error = file ? logoError(file) : null;
  return error ? { file: error } : {};
};

/** Reads a picked image as the data URL the saved form keeps in styles.header. */
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
    reader.readAsDataURL(file);
  });

/**
 * The logo area (builder spec sections 2 and 5): a picked file is the form's one value and is
 * submitted at once; Formik's validation (logoError: png or jpg, at most 200 KB) refuses it with the
 * spec's message for 5 seconds, or the logo is set.
 */
export const LogoArea = memo(function LogoArea({ store }: { store: BuilderStore }) {
  const logo = useStoreSlice(store, logoOf);
  const input = useRef<HTMLInputElement>(null);
  const formik = useFormik<LogoValues>({
    initialValues: { file: null },
    validateOnChange: false,
    validateOnBlur: false,
    validate,
    onSubmit: async ({ file }, { resetForm }) => {
      if (!file) return;
      const url = await readAsDataUrl(file);
      store.apply((f) => setLogo(f, url));
      resetForm();
    },
  });
  const { file } = formik.values;
  const message = formik.errors.file;
  const { submitForm, resetForm, submitCount } = formik;

  // A picked file is submitted as soon as it is the form's value.
  useEffect(() => {
    if (file) void submitForm();
  }, [file, submitForm]);

  // The spec shows logo messages for 5 seconds (counted again for each refused file).
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => resetForm(), BUILDER.logoMessageMs);
    return () => clearTimeout(t);
  }, [message, submitCount, resetForm]);

  return (
    <Box data-testid="logo-area">
      <HStack>
        {logo && <Image src={logo} alt="Form logo" maxH="48px" />}
        <Button size="sm" onClick={() => input.current?.click()}>
          {logo ? TEXTS.editLogo : TEXTS.addLogo}
        </Button>
        {logo && (
          <Button size="sm" variant="outline" onClick={() => store.apply((f) => setLogo(f, ''))}>
            {TEXTS.deleteLogo}
          </Button>
        )}
        <Input
          ref={input}
          type="file"
          name="file"
          accept="image/png,image/jpeg"
          display="none"
          data-testid="logo-input"
          onChange={(e) => {
            const picked = e.target.files?.[0];
            if (picked) void formik.setFieldValue('file', picked, false);
            // The same file can be picked again.
            e.target.value = '';
          }}
        />
      </HStack>
      {message && (
        <Alert status="error" mt={2} role="alert" data-testid="logo-message">
          <AlertIcon />
          {message}
        </Alert>
      )}
    </Box>
  );
});
