// Entry points of publishing (issue 10): /templates and /templateConfiguration.
import type { HostServices } from 'shared-contracts';
import { ConfigurationScreen } from './ConfigurationScreen';
import { TemplatesScreen } from './TemplatesScreen';

export function TemplatesRoute({ host }: { host: HostServices }) {
  return <TemplatesScreen host={host} />;
}

export function TemplateConfigurationRoute({ host }: { host: HostServices }) {
  return <ConfigurationScreen host={host} />;
}
