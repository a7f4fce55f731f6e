import { defineRemoteApp } from 'shared-contracts/remote-app';
import { Root } from './Root';
import { builderTheme } from './theme';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, builderTheme);
