/** The package's submit processing: salesforce/docs/submit-processing.md; and its change event. */
trigger SQX_FormSubmissionTrigger on SQX_Form_Submission__c(
  before insert,
  before update,
  after insert,
  after update,
  after delete,
  after undelete
) {
  if (Trigger.isBefore) {
    SQX_SubmitProcessing.holdToMainObjectRules(Trigger.new);
  } else {
    if (Trigger.isInsert || Trigger.isUpdate) {
      SQX_SubmitAnswers.writeAnswers(Trigger.new, Trigger.isUpdate ? Trigger.oldMap : null);
      SQX_CorrectiveActions.applyScores(Trigger.new, Trigger.isUpdate ? Trigger.oldMap : null);
    }
    SQX_RecordChangePublisher.publishFromTrigger();
  }
}
