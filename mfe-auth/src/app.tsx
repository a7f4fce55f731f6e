import { defineRemoteApp } from 'shared-contracts/remote-app';
import { Root } from './Root';

export const { contractVersion, bootstrap, mount, unmount } = defineRemoteApp(Root);
