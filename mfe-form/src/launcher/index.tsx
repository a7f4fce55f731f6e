// The launcher route (spec 000 §2 "Launcher screen"): decides (decide.ts), runs (run.ts), publishes
// to the host canvas (PublishScreen). The component only wires them to the host services.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, AlertDescription, AlertIcon, Box, Button } from '@chakra-ui/react';
import { MESSAGES, type HostServices, type SessionState } from 'shared-contracts';
import { loadCanvasContext } from '../canvas/context';
import { markCanvasMode } from '../canvas/storage';
import { decideLaunch, type LaunchPlan } from './decide';
import { LoadingOverlay } from './LoadingOverlay';
import { PublishScreen } from './PublishScreen';
import { runLaunch } from './run';

/** Resolves with the session state once it is no longer loading. */
function sessionSettled(host: HostServices): Promise<SessionState> {
  return new Promise((resolve) => {
    const now = host.session.state.get();
    if (now.status !== 'loading') {
      resolve(now);
      return;
    }
    const unsubscribe = host.session.state.subscribe((s) => {
      if (s.status === 'loading') return;
      unsubscribe();
      resolve(s);
    });
  });
}

function LaunchScreen({ host, plan, search }: { host: HostServices; plan: LaunchPlan; search: string }) {
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  // Whether the screen is still shown (its own effect, so StrictMode's remount sets it back).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (started.current === attempt) return; // StrictMode runs effects twice; a launch creates records
    started.current = attempt;
    void (async () => {
      const session = await sessionSettled(host);
      if (session.status !== 'signedIn') {
        if (!host.online.get()) {
          if (mounted.current) setError(MESSAGES.cannotConnectToInternet);
        } else if (mounted.current) host.navigate('/login', { replace: true });
        return;
      }
      if (session.embedded) await loadCanvasContext(host);
      const out = await runLaunch(plan, { host, search });
      if (!mounted.current) return;
      if ('to' in out) host.navigate(out.to, { replace: true });
      else setError(out.error);
    })();
  }, [host, plan, search, attempt]);

  if (error === null) return <LoadingOverlay />;
  return (
    <Box p={6} maxW="xl" mx="auto" data-testid="launcher-error">
      <Alert status="error" borderRadius="md">
        <AlertIcon />
        <AlertDescription>{error}</AlertDescription>
      </Alert>
      <Button
        mt={4}
        colorScheme="blue"
        onClick={() => {
          setError(null);
          setAttempt((n) => n + 1);
        }}
      >
        Try again
      </Button>
    </Box>
  );
}

export function LauncherRoute({ host }: { host: HostServices }) {
  const location = useLocation();
  // Canvas mode is on for this frame from here on (spec 000 §2), whichever route follows.
  useEffect(() => markCanvasMode(), []);
  const plan = useMemo(() => decideLaunch(location.pathname), [location.pathname]);
  return (
    <Box data-testid="remote-screen" data-remote="mfe-form" data-screen="launcher">
      {plan.kind === 'publish' ? (
        <PublishScreen host={host} kind={plan.publish} search={location.search} />
      ) : (
        <LaunchScreen key={location.pathname} host={host} plan={plan} search={location.search} />
      )}
    </Box>
  );
}
