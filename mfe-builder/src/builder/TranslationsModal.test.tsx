import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import TranslationsModal, { readText } from './TranslationsModal';
import { TranslationsWarning } from './TranslationsWarning';
import { BuilderStore } from './store';
import { fromFormJson } from '../model/reader';
import { incompleteLanguages } from '../model/translations';
import type { Json } from '../model/writer';

afterEach(cleanup);

const json = (): Json => ({
  formName: 'Visit',
  version: '2.0.0',
  cqFormType: 'cqext__SQX_Inspection__c',
  schema: {
    type: 'object',
    properties: {
      General: {
        type: 'object',
        properties: {
          CQ_Form_Site: { type: 'string', title: 'Site' },
          CQ_Form_Status: { type: 'string', title: 'Status', oneOf: [{ const: 'Open', title: 'Open' }] },
        },
      },
    },
    definitions: {},
  },
  ui: {
    type: 'VerticalLayout',
    elements: [
      {
        type: 'Section',
        sectionId: 'section-1',
        label: 'Visit',
        elements: [
          { type: 'Control', scope: '#/properties/General/properties/CQ_Form_Site', label: 'Site' },
          { type: 'select', scope: '#/properties/General/properties/CQ_Form_Status', label: 'Status' },
        ],
      },
    ],
  },
  data: {},
});

function setup() {
  const store = new BuilderStore(fromFormJson(json()), '');
  render(
    <ChakraProvider>
      <TranslationsModal store={store} onClose={() => undefined} />
    </ChakraProvider>,
  );
  return store;
}

const addSpanish = () => {
  fireEvent.change(screen.getByLabelText('Add a language'), { target: { value: 'es' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
};
const upload = (name: string, content: string) =>
  fireEvent.change(screen.getByLabelText('Import a file'), {
    target: { files: [new File([content], name)] },
  });

describe('Translations view', () => {
  it('adds a language, lists every text with the default text, flags and counts the missing ones', () => {
    const store = setup();
    expect(
      screen.getByText('This form is in one language. Add a language to translate its texts.'),
    ).toBeTruthy();
    addSpanish();
    expect(screen.getByTestId('missing-es').textContent).toBe('4 missing');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-key'))).toEqual([
      'section:section-1:title',
      'field:General.CQ_Form_Site:label',
      'field:General.CQ_Form_Status:label',
      'field:General.CQ_Form_Status:option:Open',
    ]);
    const site = screen.getByLabelText('Translation of Site');
    fireEvent.change(site, { target: { value: 'Sitio' } });
    fireEvent.blur(site);
    expect(screen.getByTestId('missing-es').textContent).toBe('3 missing');
    expect(rows[1]!.getAttribute('data-missing')).toBe('false');
    expect(within(rows[0]!).getByText('Missing')).toBeTruthy();
    expect(store.getForm().translations).toEqual({ es: { 'field:General.CQ_Form_Site:label': 'Sitio' } });
    expect(store.getForm().languages).toEqual({ version: 1, default: 'en', declared: ['es'] });
    // One undoable step per text.
    store.undo();
    expect(store.getForm().translations).toBeUndefined();
  });

  it('imports a CSV: reports what changed and the unknown keys ignored', async () => {
    const store = setup();
    addSpanish();
    upload(
      'visit-es.csv',
      'key,where,en,es\r\nfield:General.CQ_Form_Status:option:Open,x,Open,Abierto\r\nsection:section-1:title,x,Visit,Visita\r\nnope,x,y,z\r\n',
    );
    await screen.findByText('Imported Spanish (es): 2 texts changed, 1 unknown key ignored.');
    expect(screen.getByText('Open: — → Abierto')).toBeTruthy();
    expect(screen.getByTestId('missing-es').textContent).toBe('2 missing');
    expect((screen.getByLabelText('Translation of Visit') as HTMLInputElement).value).toBe('Visita');
    expect(store.getForm().translations?.es).toEqual({
      'field:General.CQ_Form_Status:option:Open': 'Abierto',
      'section:section-1:title': 'Visita',
    });
  });

  it('refuses a malformed file with the reason and changes nothing', async () => {
    const store = setup();
    addSpanish();
    const before = store.getForm();
    upload('visit-es.xlf', '<xliff version="1.2"><file><body><trans-unit id="a"></file></xliff>');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^The file was not imported \(nothing was changed\): it is not well-formed XML \(line 1: /,
    );
    expect(store.getForm()).toBe(before);
  });

  it('exports a language as CSV and XLIFF files', async () => {
    setup();
    addSpanish();
    const urls: Blob[] = [];
    const create = vi
      .spyOn(URL, 'createObjectURL')
      .mockImplementation((b) => (urls.push(b as Blob), 'blob:x'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export XLIFF' }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(await readText(urls[0]!)).toMatch(
      /^key,where,en,es\r\nsection:section-1:title,section: section-1,Visit,\r\n/,
    );
    expect(await readText(urls[1]!)).toContain('<trans-unit id="field:General.CQ_Form_Site:label">');
    create.mockRestore();
    click.mockRestore();
  });
});

describe('Save Form warning', () => {
  it('names each incomplete language with its missing count, and saves anyway on request', () => {
    const onSave = vi.fn();
    render(
      <ChakraProvider>
        <TranslationsWarning
          incomplete={[
            { language: 'es', missing: 3 },
            { language: 'ar', missing: 1 },
          ]}
          onSave={onSave}
          onCancel={() => undefined}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText('Spanish (es): 3 texts are not translated.')).toBeTruthy();
    expect(screen.getByText('Arabic (ar): 1 text is not translated.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('is due while a declared language is incomplete, not once it is complete', () => {
    const form = fromFormJson({ ...json(), languages: { default: 'en', declared: ['es'] } });
    expect(incompleteLanguages(form)).toEqual([{ language: 'es', missing: 4 }]);
    const done = fromFormJson({
      ...json(),
      languages: { default: 'en', declared: ['es'] },
      translations: {
        es: {
          'section:section-1:title': 'Visita',
          'field:General.CQ_Form_Site:label': 'Sitio',
          'field:General.CQ_Form_Status:label': 'Estado',
          'field:General.CQ_Form_Status:option:Open': 'Abierto',
        },
      },
    });
    expect(incompleteLanguages(done)).toEqual([]);
  });
});
