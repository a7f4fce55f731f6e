import { baseClassNameConfirm, MESSAGES, PUBLISH_MESSAGES, type PublishResult } from 'shared-contracts';
import { describe, expect, it } from 'vitest';
import { fakeHost } from 'test-kit';
import {
  decodeFormJson,
  DRAFT_KEY,
  DYNAMIC_FILTER_INTERFACE,
  emptyOptions,
  failureOutcome,
  keepDraft,
  loginTarget,
  lwcListBody,
  publishBody,
  readDraft,
  successOutcome,
  validateOtherOrgSignIn,
  validatePublishDraft,
  vfPagesBody,
  type Draft,
} from './logic';
import { TEMPLATE_TEXTS } from './texts';

const memory = (value: string | null) => {
  const data = new Map<string, string>(value === null ? [] : [[DRAFT_KEY, value]]);
  return {
    getItem: (k: string) => data.get(k) ?? null,
    removeItem: (k: string) => void data.delete(k),
    data,
  };
};

const result = (over: Partial<PublishResult> = {}): PublishResult => ({
  developerName: 'cqui',
  created: true,
  status: 'Succeeded',
  deployId: '0Af000000000001AAA',
  bundleId: '0Rb000000000001AAA',
  warning: null,
  orgName: 'CQ Demo Org',
  instanceUrl: 'http://127.0.0.1:4400',
  components: ['cqui'],
  ...over,
});

describe('list calls (builder spec 7)', () => {
  it('LWC list: search limit 50, else name CQ limit 10', () => {
    expect(lwcListBody('  acc ', 'u')).toEqual({ instanceUrl: 'u', developerName: 'acc', limit: 50 });
    expect(lwcListBody('', 'u')).toEqual({ instanceUrl: 'u', developerName: 'CQ', limit: 10 });
  });
  it('VF pages: search limit 100, else empty name limit 10', () => {
    expect(vfPagesBody('CQ_', 'u')).toEqual({ instanceUrl: 'u', name: 'CQ_', limit: 100 });
    expect(vfPagesBody(' ', 'u')).toEqual({ instanceUrl: 'u', name: '', limit: 10 });
  });
});

describe('draft kept across the other-org sign-in', () => {
  it('keeps it sealed (issue 45), reads it once and removes it; ignores broken or clear drafts', async () => {
    const { sealed } = fakeHost();
    const draft = {
      template: 'cqFormTemplate',
      recordId: 'a0F',
      target: 'other',
      developerName: 'cqui',
      options: { ...emptyOptions(), label: 'Site Inspection Launcher', formName: 'Plant Audit 2026' },
    } satisfies Draft;
    const s = memory(null);
    const store = { setItem: (k: string, v: string) => void s.data.set(k, v) };
    await keepDraft(store, sealed, draft);
    const text = s.data.get(DRAFT_KEY) ?? '';
    for (const value of ['Site Inspection', 'Plant Audit', 'cqui', 'a0F', 'cqFormTemplate'])
      expect(text).not.toContain(value);
    expect(await readDraft(s, sealed)).toMatchObject({
      developerName: 'cqui',
      target: 'other',
      options: { label: 'Site Inspection Launcher', actionOverride: 'None' },
    });
    expect(s.data.size).toBe(0);
    expect(await readDraft(memory('{not json'), sealed)).toBeNull();
    expect(await readDraft(memory(JSON.stringify(draft)), sealed)).toBeNull();
    expect(await readDraft(memory(null), sealed)).toBeNull();
  });
});

describe('form JSON and payload', () => {
  it('decodes base64 UTF-8 JSON objects only', () => {
    const b64 = Buffer.from(JSON.stringify({ cqFormType: 'Obj', title: 'Prüfung' })).toString('base64');
    expect(decodeFormJson(b64)).toEqual({ cqFormType: 'Obj', title: 'Prüfung' });
    expect(decodeFormJson('')).toBeNull();
    expect(decodeFormJson(Buffer.from('[1]').toString('base64'))).toBeNull();
  });
  it('builds the publish body with the options in the payload', () => {
    const d = {
      template: 't',
      recordId: 'r',
      target: 'main' as const,
      developerName: 'cqui',
      options: { ...emptyOptions(), label: 'L' },
    };
    expect(publishBody(d, { a: 1 }, true, 'http://x')).toEqual({
      template: 't',
      componentName: 'cqui',
      label: 'L',
      overwrite: true,
      instanceUrl: 'http://x',
      payload: { form: { a: 1 }, options: d.options },
    });
  });
});

describe('outcomes', () => {
  it('success names the component and the org; unknown status warns', () => {
    expect(successOutcome(result())).toMatchObject({
      kind: 'success',
      text: 'cqui was published to CQ Demo Org.',
    });
    expect(
      successOutcome(result({ status: 'Unknown', warning: PUBLISH_MESSAGES.deployStatusUnknown })),
    ).toMatchObject({
      kind: 'warning',
      text: PUBLISH_MESSAGES.deployStatusUnknown,
    });
  });
  it('confirmation types ask; deploy failures list problems; server errors get the prefix', () => {
    expect(
      failureOutcome(
        { status: 409, message: baseClassNameConfirm('x'), errorType: 'base class name', network: false },
        '',
      ),
    ).toEqual({ kind: 'confirm', text: baseClassNameConfirm('x') });
    expect(
      failureOutcome(
        {
          status: 422,
          message: 'Package deployment failed',
          errorType: 'deploy failed',
          network: false,
          details: { problems: [{ component: 'cqui', problem: 'Bad' }] },
        },
        '',
      ),
    ).toEqual({ kind: 'error', text: 'Package deployment failed', problems: ['cqui: Bad'] });
    expect(
      failureOutcome({ status: 502, message: 'down', errorType: 'server', network: false }, ''),
    ).toMatchObject({
      text: `${MESSAGES.serverErrorPrefix}down`,
    });
    expect(failureOutcome({ status: 0, message: '', errorType: 'generic', network: true }, '')).toMatchObject(
      {
        text: MESSAGES.networkError,
      },
    );
  });
});

describe('configuration checks', () => {
  const draft = (over: Partial<Draft> = {}): Draft => ({
    template: 'cqFormTemplate',
    recordId: 'a0X1',
    target: 'main',
    developerName: 'cqui',
    options: emptyOptions(),
    ...over,
  });
  const ctx = { templates: ['cqFormTemplate', 'cqLauncherTemplate'], otherSignedIn: false };

  it('passes a complete configuration', () => {
    expect(validatePublishDraft(draft(), ctx)).toEqual({});
    expect(validatePublishDraft(draft({ target: 'download' }), ctx)).toEqual({});
    expect(validatePublishDraft(draft({ target: 'other' }), { ...ctx, otherSignedIn: true })).toEqual({});
  });

  it('needs an offered template, a valid LWC developer name and a signed-in other org', () => {
    expect(validatePublishDraft(draft({ template: 'nope' }), ctx).template).toBe(
      TEMPLATE_TEXTS.chooseTemplate,
    );
    expect(validatePublishDraft(draft({ developerName: '' }), ctx).developerName).toBe(
      TEMPLATE_TEXTS.developerNameRequired,
    );
    for (const bad of ['CqUi', 'cq__ui', 'cqui_', '1cq', 'cq-ui'])
      expect(validatePublishDraft(draft({ developerName: bad }), ctx).developerName, bad).toBe(
        PUBLISH_MESSAGES.invalidComponentName,
      );
    expect(validatePublishDraft(draft({ target: 'other' }), ctx).target).toBe(
      PUBLISH_MESSAGES.otherOrgNotSignedIn,
    );
  });

  it('other-org sign-in: a custom domain must be a My Domain URL', () => {
    expect(validateOtherOrgSignIn({ loginUrl: 'production', customDomain: '' })).toEqual({});
    expect(validateOtherOrgSignIn({ loginUrl: 'custom', customDomain: '' }).customDomain).toBe(
      TEMPLATE_TEXTS.customDomainInvalid,
    );
    expect(
      validateOtherOrgSignIn({ loginUrl: 'custom', customDomain: 'http://evil.example.com' }).customDomain,
    ).toBe(TEMPLATE_TEXTS.customDomainInvalid);
    expect(
      validateOtherOrgSignIn({ loginUrl: 'custom', customDomain: ' https://acme.my.salesforce.com ' }),
    ).toEqual({});
    expect(loginTarget({ loginUrl: 'custom', customDomain: ' https://acme.my.salesforce.com ' })).toBe(
      'https://acme.my.salesforce.com',
    );
    expect(loginTarget({ loginUrl: 'sandbox', customDomain: 'x' })).toBe('sandbox');
  });
});

describe('DYNAMIC_FILTER_INTERFACE', () => {
  it("qualifies the interface with the org's namespace, or leaves it bare without one", () => {
    expect(DYNAMIC_FILTER_INTERFACE('cqext')).toBe('cqext.SQX_DynamicFilter');
    expect(DYNAMIC_FILTER_INTERFACE('')).toBe('SQX_DynamicFilter');
  });
});
