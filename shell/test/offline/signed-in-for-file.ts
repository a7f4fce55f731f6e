/**
 * One signed-in real system per integration test file (starting one costs more than the tests):
 * registers the file's beforeAll/afterAll; hooks the file declares after calling it run once the
 * system is up (Vitest runs them in declaration order). Apart from integration.ts, which the sync
 * bench imports outside Vitest.
 */
import { afterAll, beforeAll } from 'vitest';
import { startSignedIn, type SignedInSystem } from './integration';

export function signedInForFile(): SignedInSystem {
  let real: SignedInSystem | undefined;
  beforeAll(async () => {
    real = await startSignedIn();
  }, 90_000);
  afterAll(async () => {
    await real?.sys.close();
  });
  const ready = (): SignedInSystem => {
    if (!real) throw new Error('signedInForFile: read before its beforeAll started the system');
    return real;
  };
  return {
    get sys() {
      return ready().sys;
    },
    get jar() {
      return ready().jar;
    },
    get formId() {
      return ready().formId;
    },
    get org() {
      return ready().org;
    },
  };
}
