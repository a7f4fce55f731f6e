import { nsName } from 'shared-contracts';
import type { Call } from './types';

/** `name` (an object or field) with this deployment's namespace prefix (SF_NAMESPACE). */
export const orgName = (call: Call, name: string): string =>
  nsName(call.deps.config.salesforce.namespace, name);
