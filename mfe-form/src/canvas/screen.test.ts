import { describe, expect, it } from 'vitest';
import type { LocalSubmission } from 'shared-contracts';
import { callsOf, fakeHost } from 'test-kit';
import { canvasScreenProps } from './screen';

const sub = { id: 'x', formSubmissionId: 'a0G000000000001AAA' } as LocalSubmission;

describe('canvasScreenProps', () => {
  it('outside canvas mode changes nothing', () => {
    expect(canvasScreenProps(fakeHost(), false)).toEqual({});
  });

  it('finish publishes the org record URL, close the record of the submission', () => {
    const host = fakeHost();
    const p = canvasScreenProps(host, true);
    expect(p.canvasMode).toBe(true);
    p.onFinished?.(sub, { url: 'https://org.example.com/a0G000000000009AAA' });
    p.onFinished?.(sub);
    p.onClosed?.(sub);
    p.onClosed?.({ id: 'y' } as LocalSubmission);
    expect(callsOf(host, 'navigate').map((c) => c[1])).toEqual([
      '/launchFromSF/submission-finished?dataUrl=https%3A%2F%2Forg.example.com%2Fa0G000000000009AAA',
      '/launchFromSF/submission-finished?dataUrl=%2Fa0G000000000001AAA',
      '/launchFromSF/submission-closed?dataUrl=%2Fa0G000000000001AAA',
      '/launchFromSF/submission-closed',
    ]);
  });
});
