import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { callsOf, fakeHost } from 'test-kit';
import { TemplatesScreen } from './TemplatesScreen';
import { TEMPLATE_TEXTS as T } from './texts';

afterEach(cleanup);

function setup(forms: unknown) {
  const host = fakeHost();
  host.routes.set('GET /api/templates/getTemplates/all', () => []);
  host.routes.set('GET /api/forms', () => forms);
  render(
    <ChakraProvider>
      <MemoryRouter initialEntries={['/templates']}>
        <TemplatesScreen host={host} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { host, user: userEvent.setup() };
}

describe('TemplatesScreen forms', () => {
  it("lists the org's forms, each opening the builder for its record", async () => {
    const { host, user } = setup([
      { Id: 'a0F000000000001AAA', Name: 'FORM-0001', Title__c: 'General Site Inspection' },
      { Id: 'a0F000000000002AAA', Name: 'FORM-0002', Title__c: null },
    ]);
    expect(await screen.findByText('FORM-0001: General Site Inspection')).toBeTruthy();
    expect(screen.getByText('FORM-0002')).toBeTruthy();
    const open = screen.getByRole('link', { name: T.openInBuilderLabel('FORM-0001') });
    expect(open.getAttribute('href')).toBe('/CQEditFormSF/a0F000000000001AAA');
    await user.click(open);
    expect(callsOf(host, 'navigate')).toEqual([['navigate', '/CQEditFormSF/a0F000000000001AAA']]);
  });

  it('says so when the org has no forms', async () => {
    setup([]);
    expect(await screen.findByText(T.noForms)).toBeTruthy();
  });
});
