/** Tells the app's server which records changed (classes/SQX_RecordChangePublisher). */
trigger SQX_FormDefinitionChangeTrigger on SQX_Form_Definition__c(
  after insert,
  after update,
  after delete,
  after undelete
) {
  SQX_RecordChangePublisher.publishFromTrigger();
}
