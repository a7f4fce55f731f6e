/** Data keys for Node tests (issue 45): one fresh AES-256-GCM key per owner, in memory, like the vault's. */
import type { Owner } from '../../src/host/offline/owner';
import type { DataKeys } from '../../src/host/offline/sealing';
import { newDataKey } from '../../src/host/vault/cipher';

export function testKeys(): DataKeys & { keys: Map<string, Promise<CryptoKey>> } {
  const keys = new Map<string, Promise<CryptoKey>>();
  return {
    keys,
    keyFor(o: Owner) {
      const id = `${o.organizationId}:${o.userId}`;
      let k = keys.get(id);
      if (!k) {
        k = newDataKey();
        keys.set(id, k);
      }
      return k;
    },
  };
}
