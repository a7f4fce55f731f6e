import type { HostServices, RemoteAppProps } from 'shared-contracts';
import { CallbackScreen } from './CallbackScreen';
import { LoginScreen } from './LoginScreen';
import { useLocationPathname } from 'ui-kit/use-location';
import { screenForPath } from './location';

/** The screen for the current path: /login, or one of the two sign-in callbacks. */
export function AuthScreens({ host }: { host: HostServices }) {
  const screen = screenForPath(useLocationPathname());
  if (screen === 'login') return <LoginScreen host={host} />;
  if (screen === 'main' || screen === 'otherOrg') return <CallbackScreen host={host} target={screen} />;
  return null;
}

export function Root({ host }: RemoteAppProps) {
  return <AuthScreens host={host} />;
}
