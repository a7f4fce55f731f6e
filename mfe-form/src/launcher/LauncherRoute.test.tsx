import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ChakraProvider } from '@chakra-ui/react';
import { MESSAGES } from 'shared-contracts';
import { callsOf, fakeHost, USER, type FakeHost } from 'test-kit';
import { LauncherRoute } from './index';

afterEach(() => cleanup());

const FORM = 'a0F5g0000000001AAA';

function mount(host: FakeHost, url: string, strict = false) {
  const Wrap = strict ? StrictMode : 'div';
  render(
    <Wrap>
      <ChakraProvider>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/launchFromSF/*" element={<LauncherRoute host={host} />} />
          </Routes>
        </MemoryRouter>
      </ChakraProvider>
    </Wrap>,
  );
}

describe('LauncherRoute', () => {
  it("shows 'Loading... Please wait!' while it works, then opens the new submission once", async () => {
    const host = fakeHost({ session: { status: 'loading' } });
    host.routes.set('GET /api/schema', () => ({
      Id: FORM,
      Name: 'FORM-0001',
      formDef: { formName: 'F', schema: {} },
    }));
    mount(host, `/launchFromSF/${FORM}?mode=x`);
    expect(screen.getByText(MESSAGES.loadingPleaseWait)).toBeTruthy();
    host.sessionState.set(USER);
    await waitFor(() => expect(callsOf(host, 'navigate')).toHaveLength(1), { timeout: 5000 });
    expect(callsOf(host, 'navigate')[0]).toEqual([
      'navigate',
      '/form/new-submission-id?mode=x',
      { replace: true },
    ]);
    expect(callsOf(host, 'offline.create')).toHaveLength(1);
  });

  it('launches exactly once under StrictMode (effects run twice in development)', async () => {
    const host = fakeHost();
    host.routes.set('GET /api/schema', () => ({ Id: FORM, Name: 'FORM-0001', formDef: { schema: {} } }));
    mount(host, `/launchFromSF/${FORM}`, true);
    await waitFor(() => expect(callsOf(host, 'navigate')).toHaveLength(1), { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsOf(host, 'offline.create')).toHaveLength(1);
    expect(callsOf(host, 'navigate')).toHaveLength(1);
  });

  it("offline without the form on the device: 'Error: Cannot connect to Internet' and Try again", async () => {
    const host = fakeHost();
    host.onlineState.set(false);
    mount(host, `/launchFromSF/${FORM}`);
    expect(await screen.findByText(MESSAGES.cannotConnectToInternet, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(callsOf(host, 'navigate')).toHaveLength(0);
  });

  it('an embedded session fetches the canvas context before launching', async () => {
    const host = fakeHost({ session: { ...USER, embedded: true } });
    host.routes.set('GET /api/canvas/context', () => ({
      instanceId: 'i',
      targetOrigin: 'https://org.example.com',
      instanceUrl: 'https://org.example.com',
      allowedOrigins: [],
    }));
    host.routes.set('GET /api/schema', () => ({ Id: FORM, Name: 'N', formDef: { schema: {} } }));
    mount(host, `/launchFromSF/${FORM}`);
    await waitFor(() => expect(callsOf(host, 'navigate')).toHaveLength(1), { timeout: 5000 });
    const paths = callsOf(host, 'api.GET').map((c) => c[1]);
    // the canvas context, then the definition as the host reads it (host.offline.formDefinition)
    expect(paths[0]).toBe('/api/canvas/context');
    expect(callsOf(host, 'offline.formDefinition').map((c) => c[1])).toEqual([FORM]);
    expect(paths).toHaveLength(2);
  });
});
