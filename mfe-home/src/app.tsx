import { defineRemoteApp } from 'ui-kit/remote-app';
import { productTheme } from 'ui-kit/theme';
import { Root } from './Root';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, productTheme);
