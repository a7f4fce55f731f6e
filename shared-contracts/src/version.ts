/**
 * The version of the contract between the shell (host services, routes) and the remotes.
 * Bump the minor for additive changes; bump the major when a remote built against the old
 * contract could misbehave with the new host. The shell refuses remotes of another major,
 * and remotes whose minor is newer than its own (they may call services it lacks).
 */
export const CONTRACT_VERSION = '1.6.0';

export interface ParsedVersion {
  major: number;
  minor: number;
  patch: number;
}

export function parseVersion(version: string): ParsedVersion | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export type Compatibility = { ok: true } | { ok: false; reason: string };

export function checkContractCompatibility(hostVersion: string, remoteVersion: unknown): Compatibility {
  if (typeof remoteVersion !== 'string')
    return { ok: false, reason: 'the remote declares no contract version' };
  const host = parseVersion(hostVersion);
  const remote = parseVersion(remoteVersion);
  if (!host) return { ok: false, reason: `the host contract version "${hostVersion}" is malformed` };
  if (!remote) return { ok: false, reason: `the remote contract version "${remoteVersion}" is malformed` };
  if (remote.major !== host.major) {
    return { ok: false, reason: `built against contract ${remoteVersion}, the shell speaks ${hostVersion}` };
  }
  if (remote.minor > host.minor) {
    return {
      ok: false,
      reason: `built against a newer contract ${remoteVersion} than the shell's ${hostVersion}`,
    };
  }
  return { ok: true };
}
