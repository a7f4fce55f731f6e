import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { browserDeviceSeal, isSealedText } from './device-seal';

const user = { Name: 'Frank Fielding', Username: 'field.user@demo.org' };

describe('the device seal', () => {
  it('keeps a value as text that shows none of it, and opens it again on the same device', async () => {
    const factory = new IDBFactory();
    const text = await browserDeviceSeal(factory).seal('userDetails', user);
    expect(isSealedText(text)).toBe(true);
    expect(text).not.toContain('Frank');
    expect(text).not.toContain('field.user');
    expect(atob(text.split('.')[2] ?? '')).not.toContain('Frank');
    // another page of the same device (a reload, another tab) opens it
    expect(await browserDeviceSeal(factory).open('userDetails', text)).toEqual(user);
  });

  it('opens nothing under another name, on another device, or in the clear', async () => {
    const factory = new IDBFactory();
    const seal = browserDeviceSeal(factory);
    const text = await seal.seal('userDetails', user);
    expect(await seal.open('userDetailsSF', text)).toBeNull();
    expect(await browserDeviceSeal(new IDBFactory()).open('userDetails', text)).toBeNull();
    expect(await seal.open('userDetails', JSON.stringify(user))).toBeNull();
    expect(await seal.open('userDetails', null)).toBeNull();
    expect(await seal.open('userDetails', 'v1.garbage')).toBeNull();
  });

  it('two pages making the key at once end with one key', async () => {
    const factory = new IDBFactory();
    const [a, b] = [browserDeviceSeal(factory), browserDeviceSeal(factory)];
    const [ta, tb] = await Promise.all([a.seal('x', 'from a'), b.seal('x', 'from b')]);
    const third = browserDeviceSeal(factory);
    expect(await third.open('x', ta)).toBe('from a');
    expect(await third.open('x', tb)).toBe('from b');
  });
});
