import { defineRemoteApp } from 'ui-kit/remote-app';
import { Root } from './Root';
import { builderTheme } from './theme';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root, builderTheme);
