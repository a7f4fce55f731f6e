import type { RemoteAppProps } from 'shared-contracts';
import { HomeScreen } from './HomeScreen';

// Home is the one screen single-spa mounts at `/`: no router needed (see ui-kit/use-location).
export function Root({ host }: RemoteAppProps) {
  return <HomeScreen host={host} />;
}
