import {
  Alert,
  AlertIcon,
  Box,
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  HStack,
  Image,
  Input,
  Modal,
  ModalBody,
  ModalCloseButton,
  ModalContent,
  ModalFooter,
  ModalHeader,
  ModalOverlay,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { memo, useEffect, useState } from 'react';
import { BUILDER } from 'shared-contracts';
import { setLogo } from '../model/layout';
import { logoError } from './logo';
import { useStoreSlice, type BuilderStore } from './store';
import { TEXTS } from './texts';

const logoOf = (s: BuilderStore) => s.getForm().meta.logo;

interface LogoValues {
  file: File | null;
  /** The picked file as the data URL the saved form keeps in styles.header (shown before Upload). */
  url: string;
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
 * The logo area (builder spec section 2: add/edit logo and delete logo). Add and Edit open the logo
 * upload modal; Delete removes the logo at once.
 */
export const LogoArea = memo(function LogoArea({ store }: { store: BuilderStore }) {
  const logo = useStoreSlice(store, logoOf);
  const [open, setOpen] = useState(false);
  return (
    <Box data-testid="logo-area">
      <HStack>
        {logo && <Image src={logo} alt={TEXTS.formLogo} maxH="48px" />}
        <Button size="sm" onClick={() => setOpen(true)}>
          {logo ? TEXTS.editLogo : TEXTS.addLogo}
        </Button>
        {logo && (
          <Button size="sm" variant="outline" onClick={() => store.apply((f) => setLogo(f, ''))}>
            {TEXTS.deleteLogo}
          </Button>
        )}
      </HStack>
      {open && (
        <LogoUploadModal
          current={logo}
          onUpload={(url) => {
            store.apply((f) => setLogo(f, url));
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
});

/**
 * The logo upload modal (builder spec sections 2 and 5): a picked file is checked at once (Formik's
 * validation, logoError: png or jpg, at most 200 KB) and refused with the spec's message for 5
 * seconds, or shown as it will look; Upload sets it as the form's logo.
 */
export function LogoUploadModal({
  current,
  onUpload,
  onClose,
}: {
  current: string;
  onUpload: (url: string) => void;
  onClose: () => void;
}) {
  const formik = useFormik<LogoValues>({
    initialValues: { file: null, url: '' },
    validateOnChange: false,
    validateOnBlur: false,
    validate,
    onSubmit: ({ url }) => {
      if (url) onUpload(url);
    },
  });
  const { file, url } = formik.values;
  const message = formik.errors.file;
  const { resetForm, setValues, setFieldValue, submitCount } = formik;
  const [shownAt, setShownAt] = useState(0);

  // Formik checks the picked file (validate: logoError); a good one is read to be shown before Upload.
  const pick = async (picked: File) => {
    setShownAt((n) => n + 1);
    const errors = await setValues({ file: picked, url: '' }, true);
    if (!errors?.file) await setFieldValue('url', await readAsDataUrl(picked), false);
  };

  // The spec shows logo messages for 5 seconds (counted again for each refused file).
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => resetForm(), BUILDER.logoMessageMs);
    return () => clearTimeout(t);
  }, [message, shownAt, submitCount, resetForm]);

  return (
    <Modal isOpen onClose={onClose} size="md">
      <ModalOverlay />
      <ModalContent
        as="form"
        aria-label={TEXTS.logoUpload}
        onSubmit={(e) => {
          e.preventDefault();
          void formik.submitForm();
        }}
        noValidate
      >
        <ModalHeader>{TEXTS.logoUpload}</ModalHeader>
        <ModalCloseButton aria-label={TEXTS.close} />
        <ModalBody>
          <Stack spacing={3}>
            {current && !url ? (
              <Box>
                <Text fontSize="sm" color="gray.600">
                  {TEXTS.currentLogo}
                </Text>
                <Image src={current} alt={TEXTS.currentLogo} maxH="64px" />
              </Box>
            ) : null}
            <FormControl>
              <FormLabel htmlFor="logo-file">{TEXTS.logoFile}</FormLabel>
              <Input
                id="logo-file"
                type="file"
                name="file"
                accept="image/png,image/jpeg"
                p={1}
                data-testid="logo-input"
                onChange={(e) => {
                  const picked = e.target.files?.[0];
                  if (picked) void pick(picked);
                  // The same file can be picked again.
                  e.target.value = '';
                }}
              />
              <FormHelperText>{TEXTS.logoHint}</FormHelperText>
            </FormControl>
            {url ? <Image src={url} alt={TEXTS.newLogo} maxH="64px" alignSelf="flex-start" /> : null}
            {message && (
              <Alert status="error" role="alert" data-testid="logo-message">
                <AlertIcon />
                {message}
              </Alert>
            )}
          </Stack>
        </ModalBody>
        <ModalFooter gap={2}>
          <Button variant="ghost" onClick={onClose}>
            {TEXTS.cancel}
          </Button>
          <Button type="submit" colorScheme="blue" isDisabled={!file || !url || Boolean(message)}>
            {TEXTS.upload}
          </Button>
        </ModalFooter>
      </ModalContent>
    </Modal>
  );
}
