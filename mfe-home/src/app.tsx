import { defineRemoteApp } from 'shared-contracts/remote-app';
import { productTheme } from 'shared-contracts/theme';
import { Root } from './Root';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, productTheme);
