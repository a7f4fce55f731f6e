import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { reportTexts, textsFromCatalog } from './texts';
import ja from './i18n/ja.json';

describe('reportTexts', () => {
  it('answers a language by its Salesforce key, English without a catalog', () => {
    expect(reportTexts('es_MX').page(1, 3)).toBe('Página 1 de 3');
    expect(reportTexts('pt_BR').summary).toBe('Itens reprovados e sinalizados');
    expect(reportTexts('iw').page(1, 3)).toBe('עמוד 1 מתוך 3');
    expect(reportTexts('zh_TW').page(2, 2)).toBe('Page 2 of 2');
    expect(reportTexts(undefined).form).toBe('Form');
  });

  it('reads messages as the device build compiles them (arrays), not only as text', () => {
    // what scripts/i18n-catalog-loader.mjs makes of ja.json
    const compiled = Object.fromEntries(Object.entries(ja).map(([k, v]) => [k, compileMessageOrThrow(v)]));
    expect(Array.isArray(compiled['report.page'])).toBe(true);
    const texts = textsFromCatalog('ja', compiled);
    expect(texts.page(1, 2)).toBe('1 / 2 ページ');
    expect(texts.summary).toBe('不合格および要確認の項目');
  });
});
