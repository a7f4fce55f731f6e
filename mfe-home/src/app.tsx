import { defineRemoteApp } from 'ui-kit/remote-app';
import { productTheme } from 'ui-kit/theme';
import { Root } from './Root';
import { CATALOGS } from './i18n/catalogs';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, productTheme, CATALOGS);
