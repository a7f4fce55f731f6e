import { useEffect, useState } from 'react';
import { FormControl, FormErrorMessage, FormHelperText, FormLabel, Select, Stack } from '@chakra-ui/react';
import { DEPENDS_ON_TEXTS as T, linkFieldsTo, type LookupChoice } from '../model/lookup-depends';
import type { ObjectField } from '../model/types';

export interface LookupDependencies {
  /** The form's other lookups. */
  choices: readonly LookupChoice[];
  /** The fields of an object (the org's describe through the BFF). */
  fieldsOf: (object: string) => Promise<ObjectField[]>;
}

interface Props {
  idPrefix: string;
  /** The edited lookup's object. */
  lookupTo: string;
  dependsOn: string;
  dependsOnField: string;
  onChange: (patch: { dependsOn: string; dependsOnField: string }) => void;
  lookups: LookupDependencies;
  error?: string;
}

/**
 * A lookup's `dependsOn` (builder spec section 3): another lookup of the form, and the field of this
 * lookup's object that holds the record chosen there (offered from the org's fields referring to that
 * lookup's object; the only one is chosen for the admin).
 */
export function DependsOnFields({
  idPrefix,
  lookupTo,
  dependsOn,
  dependsOnField,
  onChange,
  lookups,
  error,
}: Props) {
  const [fields, setFields] = useState<ObjectField[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const controller = lookups.choices.find((c) => c.path === dependsOn);
  useEffect(() => {
    if (!dependsOn || fields) return;
    let live = true;
    lookups
      .fieldsOf(lookupTo)
      .then((f) => live && setFields(f))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, [dependsOn, fields, lookups, lookupTo]);
  const links = controller && fields ? linkFieldsTo(fields, controller.lookupTo) : [];
  // The only field that can hold the chosen record is the one.
  const only = links.length === 1 ? links[0]?.name : undefined;
  useEffect(() => {
    if (only && !dependsOnField) onChange({ dependsOn, dependsOnField: only });
  }, [only, dependsOn, dependsOnField, onChange]);

  return (
    <Stack spacing={3} role="group" aria-label={T.group}>
      <FormControl>
        <FormLabel htmlFor={`${idPrefix}-depends-on`}>{T.dependsOn}</FormLabel>
        <Select
          id={`${idPrefix}-depends-on`}
          value={dependsOn}
          onChange={(e) => onChange({ dependsOn: e.target.value, dependsOnField: '' })}
        >
          <option value="">{T.none}</option>
          {lookups.choices.map((c) => (
            <option key={c.path} value={c.path}>
              {c.label}
            </option>
          ))}
        </Select>
        <FormHelperText>{T.help(lookupTo)}</FormHelperText>
      </FormControl>
      {dependsOn ? (
        <FormControl isInvalid={Boolean(error)} isRequired>
          <FormLabel htmlFor={`${idPrefix}-depends-on-field`}>{T.linkField(lookupTo)}</FormLabel>
          <Select
            id={`${idPrefix}-depends-on-field`}
            value={dependsOnField}
            isDisabled={!fields}
            placeholder={fields ? undefined : T.loading}
            onChange={(e) => onChange({ dependsOn, dependsOnField: e.target.value })}
          >
            {fields ? <option value="">{T.none}</option> : null}
            {/* A saved choice the org no longer offers stays visible, so it is not lost unseen. */}
            {dependsOnField && !links.some((l) => l.name === dependsOnField) ? (
              <option value={dependsOnField}>{dependsOnField}</option>
            ) : null}
            {links.map((l) => (
              <option key={l.name} value={l.name}>
                {`${l.label} (${l.name})`}
              </option>
            ))}
          </Select>
          <FormErrorMessage>
            {fields && controller && links.length === 0
              ? T.noLinkField(lookupTo, controller.lookupTo)
              : error}
          </FormErrorMessage>
          {loadFailed ? <FormHelperText color="red.600">{T.loadFailed}</FormHelperText> : null}
        </FormControl>
      ) : null}
    </Stack>
  );
}
