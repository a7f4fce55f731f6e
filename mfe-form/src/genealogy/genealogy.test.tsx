import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import GenealogyViewer from './GenealogyViewer';
import { GENEALOGY_TABS, genealogySampleData, genealogySchema } from './genealogy';
import { getValidator, validateData } from '../renderer/core/validation';

afterEach(() => cleanup());

describe('genealogy demo', () => {
  it('sample data is valid against the GEDCOM X-shaped schema', () => {
    expect(validateData(getValidator(genealogySchema), genealogySampleData)).toEqual([]);
  });
  it('renders the eight tabs with item counts and the persons list read-only', () => {
    render(
      <ChakraProvider>
        <GenealogyViewer modes={{ mobile: false }} />
      </ChakraProvider>,
    );
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\d+$/, ''));
    expect(tabs).toEqual([...GENEALOGY_TABS]);
    expect(screen.getByText('1. Byron')).toBeTruthy();
    expect(screen.getByText('3. King')).toBeTruthy();
    expect((screen.getByLabelText(/^Given name/) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByLabelText(/^Given name/).hasAttribute('readonly')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: /Places/ }));
    expect(screen.getByText('1. London, England')).toBeTruthy();
  });
});
