/**
 * Tells the app's server which records changed (classes/SQX_RecordChangePublisher) and keeps the open
 * corrective-action count of the records tasks relate to (classes/SQX_CorrectiveActions).
 */
trigger SQX_TaskChangeTrigger on Task(after insert, after update, after delete, after undelete) {
  SQX_RecordChangePublisher.publishFromTrigger();
  SQX_CorrectiveActions.countOpenActions(
    Trigger.isDelete ? Trigger.old : Trigger.new,
    Trigger.isUpdate ? (Map<Id, Task>) Trigger.oldMap : null
  );
}
