import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { CONTRACT_VERSION, type RemoteAppProps } from 'shared-contracts';
import { Root } from './Root';

/** The contract this build was made against; the override exists to test the shell's refusal. */
export const contractVersion = process.env.CONTRACT_VERSION_OVERRIDE || CONTRACT_VERSION;

/** A deployment can stamp a label on its build (BUILD_LABEL), shown under the remote's screen. */
function App(props: RemoteAppProps) {
  return (
    <>
      <Root {...props} />
      {process.env.BUILD_LABEL ? (
        <small data-testid="build-label" style={{ display: 'block', padding: '0 1.5rem', color: '#4A5568' }}>
          {props.name} build {process.env.BUILD_LABEL}
        </small>
      ) : null}
    </>
  );
}

export const { bootstrap, mount, unmount } = singleSpaReact<RemoteAppProps>({
  React,
  ReactDOMClient,
  rootComponent: App,
  errorBoundary: (error, _info, props) => {
    props.host.reportCrash(props.name, error);
    return <></>;
  },
});
