import { describe, expect, it } from 'vitest';
import { allowedPublicOrigin, publicOrigins, signInOrigin } from './public-origins';

describe('public origins', () => {
  const local = publicOrigins('http://127.0.0.1:4000', undefined);

  it('the canonical origin is PUBLIC_URL, then the first of PUBLIC_ORIGINS', () => {
    expect(local.canonical).toBe('http://127.0.0.1:4000');
    expect(publicOrigins(null, 'https://a.example.com, https://b.example.com').canonical).toBe(
      'https://a.example.com',
    );
    expect(publicOrigins(null, undefined).canonical).toBeNull();
    expect(() => publicOrigins('ftp://x', undefined)).toThrow(/PUBLIC_URL/);
  });

  it('a loopback PUBLIC_URL allows the other loopback names on the same scheme and port only', () => {
    expect(allowedPublicOrigin('http://127.0.0.1:4000', local)).toBe('http://127.0.0.1:4000');
    expect(allowedPublicOrigin('http://localhost:4000', local)).toBe('http://localhost:4000');
    expect(allowedPublicOrigin('http://[::1]:4000', local)).toBe('http://[::1]:4000');
    expect(allowedPublicOrigin('http://localhost:4001', local)).toBeNull();
    expect(allowedPublicOrigin('https://localhost:4000', local)).toBeNull();
    expect(allowedPublicOrigin('http://evil.example.com:4000', local)).toBeNull();
  });

  it('PUBLIC_ORIGINS adds names (a LAN name behind a proxy); anything else is refused', () => {
    const lan = publicOrigins('https://forms.example.com', 'http://checklists.lan:8080');
    expect(allowedPublicOrigin('http://checklists.lan:8080', lan)).toBe('http://checklists.lan:8080');
    expect(allowedPublicOrigin('https://forms.example.com', lan)).toBe('https://forms.example.com');
    expect(allowedPublicOrigin('https://forms.example.com:443', lan)).toBe('https://forms.example.com');
    // no loopback is configured, so no loopback alias is allowed
    expect(allowedPublicOrigin('http://127.0.0.1:4000', lan)).toBeNull();
    expect(allowedPublicOrigin('https://forms.example.com.evil.com', lan)).toBeNull();
  });

  it('a crafted Host never passes as an allowed name', () => {
    for (const forged of [
      'http://localhost@evil.com',
      'http://evil.com#localhost',
      'http://evil.com?x=localhost',
      'javascript://localhost',
      'http://',
      '',
    ]) {
      expect(allowedPublicOrigin(forged, local), forged).toBeNull();
    }
    // the origin used is the parsed one, so a path in the Host header never reaches a redirect URI
    expect(allowedPublicOrigin('http://localhost:4000/evil', local)).toBe('http://localhost:4000');
  });

  it('nothing configured: any loopback origin (development), nothing else', () => {
    const none = publicOrigins(null, '');
    expect(allowedPublicOrigin('http://localhost:5173', none)).toBe('http://localhost:5173');
    expect(allowedPublicOrigin('http://127.0.0.1:1', none)).toBe('http://127.0.0.1:1');
    expect(allowedPublicOrigin('http://192.168.1.10:4000', none)).toBeNull();
  });

  it('sign-in runs here, on the canonical origin, or nowhere', () => {
    expect(signInOrigin('http://localhost:4000', local)).toEqual({
      kind: 'here',
      origin: 'http://localhost:4000',
    });
    expect(signInOrigin('http://my-laptop.lan:4000', local)).toEqual({
      kind: 'canonical',
      origin: 'http://127.0.0.1:4000',
    });
    expect(signInOrigin('http://my-laptop.lan:4000', publicOrigins(null, undefined))).toEqual({
      kind: 'refused',
    });
  });
});
