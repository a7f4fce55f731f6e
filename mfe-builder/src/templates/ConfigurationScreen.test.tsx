import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router-dom';
import { PUBLISH_MESSAGES, type PublishResult } from 'shared-contracts';
import { callsOf, fakeHost } from 'test-kit';
import { ConfigurationScreen } from './ConfigurationScreen';
import { DRAFT_KEY } from './logic';
import { TEMPLATE_TEXTS as T } from './texts';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const MAIN = 'https://main.example.com';

function setup(host = fakeHost()) {
  const route = (key: string, value: unknown) => host.routes.set(key, () => value);
  route('GET /api/templates/getTemplates/all', [
    {
      name: 'cqFormTemplate',
      label: 'Form on a record page',
      category: 'form',
      description: '',
      generates: [],
      targets: [],
    },
  ]);
  route('GET /api/auth/session', { main: { url: MAIN, organizationId: '00D1' }, otherOrg: null });
  route('GET /api/forms', []);
  for (const list of ['getLWCList', 'getVFPages', 'getAutoLaunchedFlow', 'getComponent', 'layouts'])
    route(`POST /api/sf/${list}`, []);
  route('POST /api/sf/getDefaultBaseClassJSON', null);
  host.routes.set('POST /api/templates/publish/cqForm/cqFormTemplate', (_q, body) => {
    const b = body as { componentName: string };
    const result: PublishResult = {
      developerName: b.componentName,
      created: true,
      status: 'Succeeded',
      deployId: '0Af000000000001AAA',
      bundleId: null,
      warning: null,
      orgName: 'Main Org',
      instanceUrl: MAIN,
      components: [],
    };
    return result;
  });
  render(
    <ChakraProvider>
      <MemoryRouter initialEntries={['/templateConfiguration']}>
        <ConfigurationScreen host={host} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  return { host, user: userEvent.setup() };
}

const publish = () => screen.getByRole('button', { name: T.publishMain });
const publishCalls = (host: ReturnType<typeof fakeHost>) =>
  callsOf(host, 'api.POST').filter((c) => String(c[1]).startsWith('/api/templates/publish/'));

describe('ConfigurationScreen', () => {
  it('a developer name the org refuses shows its text and blocks Publish; a good one publishes', async () => {
    const { host, user } = setup();
    await waitFor(() => expect(publish()).toHaveProperty('disabled', false));
    const name = screen.getByLabelText(/^Developer name/);
    await user.clear(name);
    expect(await screen.findByText(T.developerNameRequired)).toBeTruthy();
    expect(publish()).toHaveProperty('disabled', true);
    await user.type(name, 'CqForm');
    expect(await screen.findByText(PUBLISH_MESSAGES.invalidComponentName)).toBeTruthy();
    expect(publish()).toHaveProperty('disabled', true);
    await user.clear(name);
    await user.type(name, 'cqForm');
    await waitFor(() => expect(publish()).toHaveProperty('disabled', false));
    expect(screen.queryByText(PUBLISH_MESSAGES.invalidComponentName)).toBeNull();
    expect(publishCalls(host)).toHaveLength(0);
    await user.click(publish());
    expect(await screen.findByText('cqForm was published to Main Org.')).toBeTruthy();
    expect(publishCalls(host)).toHaveLength(1);
    expect(publishCalls(host)[0]![3]).toMatchObject({
      componentName: 'cqForm',
      overwrite: false,
      instanceUrl: MAIN,
    });
  });

  it('another org: Publish waits for its sign-in; a custom domain must be a URL before signing in', async () => {
    const { host, user } = setup();
    await waitFor(() => expect(publish()).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('radio', { name: T.targetOther }));
    const publishOther = screen.getByRole('button', { name: T.publishOther });
    await waitFor(() => expect(publishOther).toHaveProperty('disabled', true));
    expect(screen.getByTestId('other-org').textContent).toContain(T.otherNotSignedIn);

    await user.selectOptions(screen.getByLabelText(T.loginUrl), 'custom');
    const signIn = screen.getByRole('button', { name: T.otherSignIn });
    await waitFor(() => expect(signIn).toHaveProperty('disabled', true));
    const domain = screen.getByLabelText(T.customDomain, { selector: 'input' });
    await user.type(domain, 'http://evil.example.com');
    await user.tab();
    expect(await screen.findByText(T.customDomainInvalid)).toBeTruthy();
    expect(signIn).toHaveProperty('disabled', true);
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();

    await user.clear(domain);
    await user.type(domain, 'https://acme.my.salesforce.com');
    await waitFor(() => expect(signIn).toHaveProperty('disabled', false));
    expect(screen.queryByText(T.customDomainInvalid)).toBeNull();
    await user.click(signIn);
    // The configuration is kept for the way back, aimed at the other org, sealed (issue 45).
    await waitFor(() => expect(window.sessionStorage.getItem(DRAFT_KEY)).not.toBeNull());
    const kept = window.sessionStorage.getItem(DRAFT_KEY)!;
    expect(kept).not.toContain('cqFormTemplate');
    expect(await host.sealed.open(DRAFT_KEY, kept)).toMatchObject({
      target: 'other',
      developerName: 'cqui',
      template: 'cqFormTemplate',
    });
  });

  it("back from the other org's sign-in: the kept configuration comes back, read once", async () => {
    const host = fakeHost();
    window.sessionStorage.setItem(
      DRAFT_KEY,
      await host.sealed.seal(DRAFT_KEY, {
        template: 'cqFormTemplate',
        recordId: '',
        target: 'main',
        developerName: 'keptName',
        options: {},
      }),
    );
    const { host: screenHost } = setup(host);
    await waitFor(() => expect(screen.getByDisplayValue('keptName')).toBeTruthy());
    expect(screenHost).toBe(host);
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  });
});
