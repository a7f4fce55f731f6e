import { useEffect, useState } from 'react';
import { Box } from '@chakra-ui/react';
import { API_ALLOWANCE_TEXTS, type HostServices } from 'shared-contracts';
import { useBuilderAccess } from 'ui-kit/use-builder-access';
import { useObservable } from 'ui-kit/use-observable';

interface OrgApiUsage {
  level: 'normal' | 'high' | 'spent';
  percent: number;
  used: number;
  max: number;
}

/** How often an admin's page asks again (the BFF answers from memory: it costs the org nothing). */
const EVERY_MS = 5 * 60_000;

/** What admins are told about the org's daily API allowance, or null when all is well. */
export function apiUsageText(u: OrgApiUsage | null): string | null {
  if (!u || u.level === 'normal') return null;
  return u.level === 'spent'
    ? API_ALLOWANCE_TEXTS.spentAdmin
    : API_ALLOWANCE_TEXTS.high(u.percent, u.used, u.max);
}

/**
 * Issue 33: for admins (users the org lets build forms), a notice under the header once the org's
 * daily API allowance is past 80% or spent, as the BFF last heard it from the org (GET /api/orgApiUsage).
 */
export function ApiUsageNotice({ host }: { host: HostServices }) {
  const admin = useBuilderAccess(host) === 'allowed';
  const online = useObservable(host.online);
  const [usage, setUsage] = useState<OrgApiUsage | null>(null);
  useEffect(() => {
    if (!admin || !online) return;
    let live = true;
    const ask = () =>
      host.api.get<OrgApiUsage | null>('/api/orgApiUsage').then(
        (u) => live && setUsage(u),
        () => undefined,
      );
    void ask();
    const timer = setInterval(() => void ask(), EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [host, admin, online]);
  const text = admin ? apiUsageText(usage) : null;
  if (!text) return null;
  return (
    <Box
      role="status"
      data-testid="api-usage-notice"
      data-level={usage?.level}
      bg={usage?.level === 'spent' ? 'red.50' : 'orange.50'}
      color="gray.800"
      borderBottomWidth="1px"
      borderColor={usage?.level === 'spent' ? 'red.200' : 'orange.200'}
      px={{ base: 2, md: 4 }}
      py={2}
      fontSize="sm"
    >
      {text}
    </Box>
  );
}
