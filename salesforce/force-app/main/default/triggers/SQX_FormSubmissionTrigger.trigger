/** The package's submit processing: salesforce/docs/submit-processing.md. */
trigger SQX_FormSubmissionTrigger on SQX_Form_Submission__c(before insert, before update) {
  SQX_SubmitProcessing.holdToMainObjectRules(Trigger.new);
}
