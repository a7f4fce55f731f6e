import { describe, expect, it } from 'vitest';
import { BffError, serverErrorText } from 'shared-contracts';
import { errorText as builderErrorText } from './api';
import { errorText as templateErrorText } from '../templates/errors';
import { failureOutcome } from '../templates/logic';

// The host's BFF client hands remotes the display text, already 'Server Error: '-prefixed (shell
// bff-client: message = display): the builder and publishing must not prefix it again.
const fromHost = {
  status: 502,
  message: 'Server Error: The org did not answer.',
  errorType: 'server',
  network: false,
};

describe("'Server Error: ' once", () => {
  it('the builder, the template screens and the publish outcome show one prefix on a 502', () => {
    const error = new BffError({ kind: 'unavailable', ...fromHost });
    expect(builderErrorText(error)).toBe('Server Error: The org did not answer.');
    expect(templateErrorText(error)).toBe('Server Error: The org did not answer.');
    expect(failureOutcome(fromHost, 'x')).toMatchObject({ text: 'Server Error: The org did not answer.' });
  });

  it('a bare server message still gets the prefix', () => {
    expect(serverErrorText('down')).toBe('Server Error: down');
    const bare = new BffError({ kind: 'unavailable', ...fromHost, message: 'down' });
    expect(builderErrorText(bare)).toBe('Server Error: down');
  });
});
