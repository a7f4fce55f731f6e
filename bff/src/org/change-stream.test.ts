import { describe, expect, it } from 'vitest';
import { recipients } from './change-hints';

describe('recipients of a record change', () => {
  it('tells a task or submission owner, and the previous owner when it changed hands (15/18-character ids alike)', () => {
    expect(
      recipients(
        { objectName: 'Task', ownerId: '0055g0000000002AAA', previousOwnerId: '0055g0000000002' },
        'cqext',
      ),
    ).toEqual({ topic: 'tasks', userIds: ['0055g0000000002'] });
    expect(
      recipients(
        {
          objectName: 'cqext__SQX_Form_Submission__c',
          ownerId: '0055g0000000003AAA',
          previousOwnerId: '0055g0000000002AAA',
        },
        'cqext',
      ),
    ).toEqual({ topic: 'submissions', userIds: ['0055g0000000003', '0055g0000000002'] });
  });

  it('tells every home when a queue owns or owned the task (its members are not named)', () => {
    expect(
      recipients(
        { objectName: 'Task', ownerId: '00G5g0000000001EAA', previousOwnerId: '0055g0000000002AAA' },
        'cqext',
      ),
    ).toEqual({ topic: 'tasks', userIds: 'all' });
  });

  it('tells everyone that forms changed, and ignores objects home does not show', () => {
    expect(
      recipients({ objectName: 'SQX_Form_Definition__c', ownerId: null, previousOwnerId: null }, ''),
    ).toEqual({
      topic: 'forms',
      userIds: 'all',
    });
    expect(recipients({ objectName: 'Account', ownerId: 'x', previousOwnerId: null }, 'cqext')).toBeNull();
  });
});
