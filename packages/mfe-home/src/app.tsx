import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CONTRACT_VERSION, type RemoteAppProps } from 'shared-contracts';
import { Root } from './Root';

/** The contract this build was made against; the override exists to test the shell's refusal. */
export const contractVersion = process.env.CONTRACT_VERSION_OVERRIDE || CONTRACT_VERSION;

export const { bootstrap, mount, unmount } = singleSpaReact<RemoteAppProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: (error, _info, props) => {
    props.host.reportCrash(props.name, error);
    return <></>;
  },
});
