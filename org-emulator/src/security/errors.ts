// The org's refusals when the running user lacks access, with the codes and messages a real org sends.
// Codes: SOAP API "Core Data Types Used in API Calls" > StatusCode
// https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_concepts_core_data_objects.htm
// HTTP statuses: REST API "Status Codes and Error Responses" (404: "verify that there are no sharing issues")
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm
import { SfError } from '../errors.js';

/** Edit or delete of a record the user can see but not change, or an object they may not create/edit/delete. */
export const insufficientAccess = (): SfError =>
  new SfError(400, 'INSUFFICIENT_ACCESS_OR_READONLY', 'insufficient access rights on object id');

/** A lookup (or master-detail parent) the user cannot read, or a detail whose master they cannot edit. */
export const insufficientCrossReference = (field: string): SfError =>
  new SfError(
    400,
    'INSUFFICIENT_ACCESS_ON_CROSS_REFERENCE_ENTITY',
    'insufficient access rights on cross-reference id',
    [field],
  );

/**
 * The Metadata API (deploy, retrieve, deploy status) for a user without Modify Metadata or Modify All Data.
 * https://developer.salesforce.com/docs/atlas.en-us.api_meta.meta/api_meta/meta_quickstart_prereqs.htm
 */
export const METADATA_ACCESS_MESSAGE =
  'use of the Metadata API requires a user with the ModifyAllData or ModifyMetadata permissions';
export const metadataAccess = (): SfError => new SfError(403, 'INSUFFICIENT_ACCESS', METADATA_ACCESS_MESSAGE);

/**
 * /limits for a user without View Setup and Configuration: REST API "Limits" names the permission
 * ("available ... for API users with the View Setup and Configuration permission"); the refusal's
 * wording is ours, its code and status those of the org's other permission refusals.
 */
export const limitsAccess = (): SfError =>
  new SfError(
    403,
    'INSUFFICIENT_ACCESS',
    'The Limits resource requires the View Setup and Configuration permission.',
  );
