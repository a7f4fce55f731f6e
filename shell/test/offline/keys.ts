/** Data keys for Node tests (issue 45): one fresh AES-256-GCM key per owner, in memory, like the vault's. */
import type { Owner } from '../../src/host/offline/owner';
import type { DataKeys } from '../../src/host/offline/sealing';
import { newDataKey } from '../../src/host/vault/cipher';

export interface TestKeys extends DataKeys {
  keys: Map<string, Promise<CryptoKey>>;
  /** With `escrow`: the escrow key the data keys are wrapped by, as the BFF holds it. */
  escrowKey?: Promise<CryptoKey>;
}

/**
 * `escrow`: each owner's keyring has an escrow wrap (as after an online sign-in), so files are
 * uploaded sealed; without it, as on a server that keeps no escrow (files opened and sent clear).
 */
export function testKeys({ escrow = false } = {}): TestKeys {
  const keys = new Map<string, Promise<CryptoKey>>();
  const keyFor = (o: Owner): Promise<CryptoKey> => {
    const id = `${o.organizationId}:${o.userId}`;
    let k = keys.get(id);
    if (!k) {
      k = newDataKey();
      keys.set(id, k);
    }
    return k;
  };
  if (!escrow) return { keys, keyFor };
  const kek = crypto.subtle.generateKey({ name: 'AES-KW', length: 256 }, true, ['wrapKey', 'unwrapKey']);
  return {
    keys,
    keyFor,
    escrowKey: kek,
    async escrowWrap(o: Owner) {
      return crypto.subtle.wrapKey('raw', await keyFor(o), await kek, 'AES-KW');
    },
  };
}
