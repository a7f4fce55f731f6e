import { defineRemoteAppIn } from 'ui-kit/remote-app-core';
import { Root } from './Root';
import { CATALOGS } from './i18n/catalogs';

// No Chakra frame: home's first screen is plain React (plain-ui.tsx); its Chakra parts bring their own
// provider when they load (chakra-parts.tsx), after the first paint.
export const { contractVersion, bootstrap, mount, unmount } = defineRemoteAppIn(Root, undefined, CATALOGS);
