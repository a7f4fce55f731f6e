/** The package's submit processing: salesforce/docs/submit-processing.md. */
trigger SQX_FormSubmissionTrigger on SQX_Form_Submission__c(
  before insert,
  before update,
  after insert,
  after update
) {
  if (Trigger.isBefore) {
    SQX_SubmitProcessing.holdToMainObjectRules(Trigger.new);
  } else {
    SQX_SubmitAnswers.writeAnswers(Trigger.new, Trigger.isUpdate ? Trigger.oldMap : null);
  }
}
