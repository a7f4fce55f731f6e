/** See i18n-catalog-loader.mjs. */
export function compileMessages(
  messages: Readonly<Record<string, unknown>>,
  where: string,
): Record<string, unknown>;
declare function compileCatalog(this: { resourcePath: string }, source: string): string;
export default compileCatalog;
