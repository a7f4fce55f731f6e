// Tooling API: the same sObject and collection routes as the data API, bound to the tooling registry
// (LightningComponentBundle, LightningComponentResource, ApexPage, FlowDefinitionView). /tooling/query
// lives with the other query endpoints in rest.ts because it shares their cursors.
import type Router from '@koa/router';
import type { Emu } from './context.js';
import { collectionRoutes } from './sobjects/collections.js';
import { sobjectRoutes } from './sobjects/routes.js';

export function toolingRoutes(emu: Emu): Router[] {
  const prefix = '/services/data/:version/tooling';
  return [sobjectRoutes(emu, prefix, 'tooling'), collectionRoutes(emu, prefix, 'tooling')];
}
