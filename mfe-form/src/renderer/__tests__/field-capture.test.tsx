import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormJsonSchema, type UISchemaElement } from 'shared-contracts';
import { locationSchema } from 'form-core';
import { renderForm } from './helpers';

// Issue 32: the location control against a stubbed navigator.geolocation (the browser's own is
// proven in Chromium, e2e field-capture.spec.ts), and the scan field's typed fallback.

const OBJ = 'cqext__SQX_Inspection__c';
const schema: FormJsonSchema = {
  type: 'object',
  properties: {
    [OBJ]: {
      type: 'object',
      required: ['cqext__Location__c'],
      properties: { cqext__Location__c: locationSchema('Site', 25) },
    },
    General: {
      type: 'object',
      properties: {
        Tag: { type: 'string', title: 'Tag', maxLength: 20 },
        Where: locationSchema('Where'),
      },
    },
  },
};
const ui: UISchemaElement = {
  type: 'VerticalLayout',
  elements: [
    { type: 'Control', scope: `#/properties/${OBJ}/properties/cqext__Location__c` },
    { type: 'Control', scope: '#/properties/General/properties/Tag', options: { scanFormats: ['qr_code'] } },
    { type: 'Control', scope: '#/properties/General/properties/Where' },
  ],
};

type Success = (p: {
  coords: { latitude: number; longitude: number; accuracy: number };
  timestamp: number;
}) => void;
const stubGeolocation = (answer: (ok: Success, fail: (e: { code: number }) => void) => void) => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: vi.fn((ok: Success, fail: (e: { code: number }) => void) => answer(ok, fail)),
    },
  });
};
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('location control', () => {
  it('takes the fix, flags one coarser than required, refreshes, and submits the org components', async () => {
    const user = userEvent.setup();
    let accuracy = 80;
    stubGeolocation((ok) =>
      ok({ coords: { latitude: 10.123456, longitude: -20.5, accuracy }, timestamp: Date.UTC(2026, 0, 2) }),
    );
    const f = renderForm(schema, ui, {});
    const site = screen.getByRole('group', { name: 'Site' });
    expect(within(site).getByText('Needs accuracy of 25 m or better.')).toBeTruthy();
    expect(within(site).queryByRole('button', { name: 'Enter coordinates' })).toBeNull();
    await user.click(within(site).getByRole('button', { name: 'Get location' }));
    expect(await within(site).findByText('10.123456° N, 20.50000° W (±80 m)')).toBeTruthy();
    expect(within(site).getByTestId('location-accuracy').textContent).toContain('is not good enough');
    let result = f.ref.current!.submit();
    expect(result.ok).toBe(false);

    accuracy = 6;
    await user.click(within(site).getByRole('button', { name: 'Refresh location' }));
    expect(await within(site).findByText('10.123456° N, 20.50000° W (±6 m)')).toBeTruthy();
    expect(within(site).queryByTestId('location-accuracy')).toBeNull();
    await act(async () => {
      result = f.ref.current!.submit();
    });
    expect(result.ok).toBe(true);
    expect((result.data as Record<string, Record<string, unknown>>)[OBJ]).toEqual({
      cqext__Location__c: {
        latitude: 10.123456,
        longitude: -20.5,
        accuracy: 6,
        timestamp: '2026-01-02T00:00:00.000Z',
        source: 'device',
      },
      cqext__Location__Latitude__s: 10.123456,
      cqext__Location__Longitude__s: -20.5,
    });
  });

  it('says why when the device gives no fix, and takes typed coordinates where no accuracy is required', async () => {
    const user = userEvent.setup();
    stubGeolocation((_ok, fail) => fail({ code: 3 }));
    const f = renderForm(schema, ui, {});
    const where = screen.getByRole('group', { name: 'Where' });
    await user.click(within(where).getByRole('button', { name: 'Get location' }));
    expect((await within(where).findByTestId('location-failure')).textContent).toBe(
      'Getting the location took too long. Move to open sky and try again. Or enter the coordinates by hand.',
    );
    await user.click(within(where).getByRole('button', { name: 'Enter coordinates' }));
    await user.type(within(where).getByLabelText('Latitude'), '-12.5');
    await user.type(within(where).getByLabelText('Longitude'), '200');
    await user.click(within(where).getByRole('button', { name: 'Use these coordinates' }));
    expect(within(where).getByText(/longitude from -180 to 180/)).toBeTruthy();
    await user.clear(within(where).getByLabelText('Longitude'));
    await user.type(within(where).getByLabelText('Longitude'), '130.25');
    await user.click(within(where).getByRole('button', { name: 'Use these coordinates' }));
    expect(within(where).getByTestId('location-value').textContent).toBe('12.50000° S, 130.25000° E');
    // the failure is over once a location is in
    expect(within(where).queryByTestId('location-failure')).toBeNull();
    expect((f.data() as { General: { Where: unknown } }).General.Where).toMatchObject({
      latitude: -12.5,
      longitude: 130.25,
      source: 'manual',
    });
    await user.click(within(where).getByRole('button', { name: 'Clear' }));
    expect(within(where).queryByTestId('location-value')).toBeNull();
  });

  it('without navigator.geolocation says the device cannot give its location', async () => {
    const user = userEvent.setup();
    renderForm(schema, ui, {});
    const where = screen.getByRole('group', { name: 'Where' });
    await user.click(within(where).getByRole('button', { name: 'Get location' }));
    expect((await within(where).findByTestId('location-failure')).textContent).toBe(
      'This device cannot give its location. Or enter the coordinates by hand.',
    );
  });
});

describe('scan field', () => {
  it('is a text field with a scan button; without a camera it says to type the code', async () => {
    const user = userEvent.setup();
    const f = renderForm(schema, ui, {});
    await user.type(screen.getByLabelText('Tag'), 'AB-1');
    expect(f.data()).toMatchObject({ General: { Tag: 'AB-1' } });
    await user.click(screen.getByRole('button', { name: 'Scan code' }));
    expect((await screen.findByText(/No camera was found/)).textContent).toBe(
      'No camera was found on this device. Type the code instead.',
    );
  });
});
