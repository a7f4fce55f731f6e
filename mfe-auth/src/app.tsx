// Plain React, no Chakra: the sign-in page must not wait for the UI library (see auth-styles.ts).
import { defineRemoteAppIn } from 'ui-kit/remote-app-core';
import { Root } from './Root';
import { CATALOGS } from './i18n/catalogs';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteAppIn(Root, undefined, CATALOGS);
