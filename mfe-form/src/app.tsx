import { defineRemoteApp } from 'ui-kit/remote-app';
import { CATALOGS } from './i18n/catalogs';
import { Root } from './Root';
import { formTheme } from './theme';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, formTheme, CATALOGS);
