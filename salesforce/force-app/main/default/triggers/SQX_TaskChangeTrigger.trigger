/** Tells the app's server which records changed (classes/SQX_RecordChangePublisher). */
trigger SQX_TaskChangeTrigger on Task(after insert, after update, after delete, after undelete) {
  SQX_RecordChangePublisher.publishFromTrigger();
}
