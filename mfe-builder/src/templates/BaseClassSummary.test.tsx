import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { BASE_CLASS_TEXTS as T, BaseClassSummary } from './BaseClassSummary';

afterEach(cleanup);

// The BFF's answer to getDefaultBaseClassJSON (bff/src/routes/builder.ts).
const ANSWER = {
  name: 'cqFormBase',
  apiVersion: '62.0',
  description: 'Base class every generated CQ form component extends.',
  isExposed: false,
  imports: ['lwc', 'lightning/uiRecordApi'],
  properties: ['recordId', 'objectApiName'],
  methods: ['handleAnswer', 'saveAnswers'],
};

const shown = () => screen.getByTestId('base-class').textContent ?? '';

describe('the base class, as an admin reads it', () => {
  it('already in the org: name, status, what publishing does, description and API version; no JSON', () => {
    render(
      <ChakraProvider>
        <BaseClassSummary info={{ ...ANSWER, inOrg: true, orgApiVersion: '61.0' }} />
      </ChakraProvider>,
    );
    expect(shown()).toContain('cqFormBase');
    expect(shown()).toContain(T.inOrg);
    expect(shown()).toContain(T.explainInOrg);
    expect(shown()).toContain(ANSWER.description);
    expect(shown()).toContain('62.0 (61.0 in the org)');
    for (const developerDetail of ['{', '"', 'isExposed', 'lightning/uiRecordApi', 'handleAnswer'])
      expect(shown()).not.toContain(developerDetail);
  });

  it('not in the org yet: it is deployed with the component', () => {
    render(
      <ChakraProvider>
        <BaseClassSummary info={{ ...ANSWER, inOrg: false, orgApiVersion: null }} />
      </ChakraProvider>,
    );
    expect(shown()).toContain(T.deployed);
    expect(shown()).toContain(T.explainDeployed);
    expect(screen.getByText('62.0')).toBeTruthy();
  });
});
