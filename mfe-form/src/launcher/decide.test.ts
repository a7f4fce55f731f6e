import { describe, expect, it } from 'vitest';
import { decideLaunch, launchPath, parseLaunchPath } from './decide';

const FORM = 'a0F5g0000000001AAA';
const REC = 'a0G5g0000000002AAA';

describe('parseLaunchPath', () => {
  it('reads the five optional segments, decoded', () => {
    expect(
      parseLaunchPath(`/launchFromSF/${FORM}/General%20Site%20Inspection/${REC}/Scheduled/${REC}`),
    ).toEqual({
      formId: FORM,
      formName: 'General Site Inspection',
      formSubmissionId: REC,
      formSubmissionStatus: 'Scheduled',
      submissionId: REC,
    });
  });

  it('treats empty segments and "-" as absent and ignores extra segments', () => {
    expect(parseLaunchPath(`/launchFromSF/${FORM}/-//-/${REC}/extra`)).toEqual({
      formId: FORM,
      submissionId: REC,
    });
    expect(parseLaunchPath('/launchFromSF')).toEqual({});
    expect(parseLaunchPath('/launchFromSF/')).toEqual({});
  });

  it('keeps a malformed escape as typed', () => {
    expect(parseLaunchPath(`/launchFromSF/${FORM}/100%`).formName).toBe('100%');
  });
});

describe('decideLaunch', () => {
  it('publishes for submission-finished and submission-closed anywhere in the URL', () => {
    expect(decideLaunch('/launchFromSF/submission-finished')).toEqual({
      kind: 'publish',
      publish: 'finished',
    });
    expect(decideLaunch('/launchFromSF/submission-closed')).toEqual({ kind: 'publish', publish: 'closed' });
    expect(decideLaunch(`/launchFromSF/${FORM}/submission-finished`).kind).toBe('publish');
  });

  it('starts a scheduled submission with submissionId and status Scheduled', () => {
    expect(decideLaunch(`/launchFromSF/${FORM}/Name/-/Scheduled/${REC}`)).toEqual({
      kind: 'scheduled',
      recordId: REC,
      formId: FORM,
      formName: 'Name',
    });
    expect(decideLaunch(`/launchFromSF/-/-/-/scheduled/${REC}`)).toEqual({
      kind: 'scheduled',
      recordId: REC,
    });
  });

  it('pulls the pending submission with submissionId only (or another status)', () => {
    expect(decideLaunch(`/launchFromSF/-/-/-/-/${REC}`)).toEqual({ kind: 'pending', recordId: REC });
    expect(decideLaunch(`/launchFromSF/${FORM}/-/-/Pending/${REC}`)).toEqual({
      kind: 'pending',
      recordId: REC,
      formId: FORM,
    });
  });

  it('uses formSubmissionId when submissionId is absent', () => {
    expect(decideLaunch(`/launchFromSF/${FORM}/-/${REC}`)).toEqual({
      kind: 'pending',
      recordId: REC,
      formId: FORM,
    });
    expect(decideLaunch(`/launchFromSF/${FORM}/-/${REC}/Scheduled`).kind).toBe('scheduled');
  });

  it('creates a new submission with only formId', () => {
    expect(decideLaunch(`/launchFromSF/${FORM}`)).toEqual({ kind: 'new', formId: FORM });
    expect(decideLaunch(`/launchFromSF/${FORM}/My%20Form`)).toEqual({
      kind: 'new',
      formId: FORM,
      formName: 'My Form',
    });
  });

  it('has nothing to do without parameters', () => {
    expect(decideLaunch('/launchFromSF')).toEqual({ kind: 'nothing' });
    expect(decideLaunch('/launchFromSF/-/Name')).toEqual({ kind: 'nothing' });
  });
});

describe('launchPath', () => {
  it('keeps positions with "-" and drops trailing absents; round-trips through the parser', () => {
    const params = { formId: FORM, submissionId: REC, formSubmissionStatus: 'Scheduled' };
    const path = launchPath(params);
    expect(path).toBe(`/launchFromSF/${FORM}/-/-/Scheduled/${REC}`);
    expect(parseLaunchPath(path)).toEqual(params);
    expect(launchPath({ formId: FORM, formName: 'A/B' })).toBe(`/launchFromSF/${FORM}/A%2FB`);
    expect(parseLaunchPath(launchPath({ formId: FORM, formName: 'A/B' })).formName).toBe('A/B');
  });
});
