import { describe, expect, it } from 'vitest';
import { safeHref } from 'form-core/safe-href';

describe('safeHref', () => {
  it('keeps web, mail, phone and relative links', () => {
    for (const href of [
      'https://org.test/001',
      'http://x.test',
      'mailto:a@b.test',
      'tel:+15551234',
      '/lightning/r/Account/001/view',
      'record/001',
      '#section-2',
    ])
      expect(safeHref(href)).toBe(href);
  });

  it('refuses script-running and unknown schemes, however they are spelled', () => {
    for (const href of [
      "javascript:alert('x')",
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '',
      '   ',
    ])
      expect(safeHref(href), JSON.stringify(href)).toBeUndefined();
  });
});
