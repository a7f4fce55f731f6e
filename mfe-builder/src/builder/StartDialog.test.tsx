import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import type { ObjectFieldsAnswer as ObjectFields } from 'shared-contracts';
import type { BuilderApi } from './api';
import { StartDialog } from './StartDialog';
import { TEXTS } from './texts';

afterEach(cleanup);

const inspection = { name: 'cqext__SQX_Inspection__c', label: 'Inspection' };
const fields: ObjectFields = {
  name: inspection.name,
  label: inspection.label,
  fields: [],
  parents: [
    {
      field: 'cqext__Account__c',
      label: 'Account',
      relationshipName: 'cqext__Account__r',
      referenceTo: ['Account'],
    },
    { field: 'cqext__Nothing__c', label: 'Nothing', relationshipName: 'x', referenceTo: [] },
  ],
};

function setup() {
  const api = {
    objects: vi.fn(() =>
      Promise.resolve([inspection, { name: 'cqext__SQX_Audit_Plan__c', label: 'Audit Plan' }]),
    ),
    objectFields: vi.fn(() => Promise.resolve(fields)),
  } as unknown as BuilderApi;
  const onNext = vi.fn();
  const onClose = vi.fn();
  render(
    <ChakraProvider>
      <StartDialog api={api} onNext={onNext} onClose={onClose} />
    </ChakraProvider>,
  );
  return { api, onNext, onClose, user: userEvent.setup() };
}

const next = () => screen.getByRole('button', { name: TEXTS.next });

describe('StartDialog', () => {
  it('Next stays off without a primary object; a submit then does nothing', async () => {
    const { onNext, user } = setup();
    const primary = await screen.findByLabelText(TEXTS.primaryObject);
    expect(next()).toHaveProperty('disabled', true);
    await user.selectOptions(primary, inspection.name);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.selectOptions(primary, '');
    await user.tab();
    expect(await screen.findByText(TEXTS.choosePrimary)).toBeTruthy();
    expect(next()).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('start-dialog'));
    await waitFor(() => expect(screen.getByText(TEXTS.choosePrimary)).toBeTruthy());
    expect(onNext).not.toHaveBeenCalled();
  });

  it('offers the primary lookups as context objects and goes on with the choice', async () => {
    const { api, onNext, user } = setup();
    await user.selectOptions(await screen.findByLabelText(TEXTS.primaryObject), inspection.name);
    const context = screen.getByLabelText(TEXTS.contextObject);
    await screen.findByRole('option', { name: 'Account (Account)' });
    expect(api.objectFields).toHaveBeenCalledWith(inspection.name, true);
    // A lookup without a target object is not offered.
    expect(screen.queryByRole('option', { name: /Nothing/ })).toBeNull();
    await user.selectOptions(context, 'cqext__Account__c');
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());
    await waitFor(() =>
      expect(onNext).toHaveBeenCalledWith({
        primary: inspection,
        context: { object: { name: 'Account', label: 'Account' }, relationshipName: 'cqext__Account__r' },
      }),
    );
  });

  it('without a context object, the choice has none', async () => {
    const { onNext, user } = setup();
    await user.selectOptions(await screen.findByLabelText(TEXTS.primaryObject), inspection.name);
    await waitFor(() => expect(next()).toHaveProperty('disabled', false));
    await user.click(next());
    await waitFor(() => expect(onNext).toHaveBeenCalledWith({ primary: inspection, context: null }));
  });
});
