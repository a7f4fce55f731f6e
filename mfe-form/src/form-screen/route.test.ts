import { describe, expect, it } from 'vitest';
import { isSubmissionId, parseFormRoute } from './route';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('the form route', () => {
  it('takes 36 letters, digits and hyphens as a submission id, nothing else', () => {
    expect(isSubmissionId(ID)).toBe(true);
    expect(isSubmissionId('A'.repeat(36))).toBe(true);
    expect(isSubmissionId(ID.slice(1))).toBe(false);
    expect(isSubmissionId(`${ID}0`)).toBe(false);
    expect(isSubmissionId(`${ID.slice(1)}_`)).toBe(false);
    expect(isSubmissionId(undefined)).toBe(false);
  });

  it('an editable submission by id', () => {
    expect(parseFormRoute(`/form/${ID}`, ID, '')).toEqual({
      target: { kind: 'submission', id: ID },
      readOnly: false,
      selectedSubmission: false,
      print: false,
    });
  });

  it('mode=readOnly and view=print', () => {
    const r = parseFormRoute(`/form/${ID}`, ID, '?mode=readOnly&view=print');
    expect(r.readOnly).toBe(true);
    expect(r.print).toBe(true);
    expect(r.selectedSubmission).toBe(false);
  });

  it('selected-submission is read-only and names the submission in ?id=', () => {
    const r = parseFormRoute('/form/selected-submission', 'selected-submission', `?id=${ID}`);
    expect(r).toMatchObject({
      target: { kind: 'submission', id: ID },
      readOnly: true,
      selectedSubmission: true,
    });
    expect(parseFormRoute('/form/selected-submission', 'selected-submission', '').target).toEqual({
      kind: 'invalid',
    });
  });

  it('fileName, token and originUrl load by file name, on /form and /filename', () => {
    const q = '?fileName=FS-1.json&token=t1&originUrl=https%3A%2F%2Forg.example.com';
    const expected = {
      kind: 'file',
      fileName: 'FS-1.json',
      token: 't1',
      originUrl: 'https://org.example.com',
    };
    expect(parseFormRoute('/filename', undefined, q).target).toEqual(expected);
    expect(parseFormRoute(`/form/${ID}`, ID, q).target).toEqual(expected);
  });

  it('anything else is not found', () => {
    expect(parseFormRoute('/form/abc', 'abc', '').target).toEqual({ kind: 'invalid' });
    expect(parseFormRoute('/filename', undefined, '').target).toEqual({ kind: 'invalid' });
  });
});
