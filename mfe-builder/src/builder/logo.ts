// Logo checks (builder spec section 5): png or jpg only, at most 200 KB.
import { BUILDER, MESSAGES, logoTooLarge } from 'shared-contracts';

/** The spec's message for a file that cannot be the logo, or null when it can. */
export function logoError(file: { type: string; name: string; size: number }): string | null {
  const typeOk = /^image\/(png|jpeg)$/.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
  if (!typeOk) return MESSAGES.logoType;
  if (file.size > BUILDER.logoMaxBytes) return logoTooLarge(Math.round(file.size / 1024));
  return null;
}
