import type { SVGProps } from 'react';

/** The product's mark: a clipboard with a check. */
export function Logo({ size = 64, ...props }: { size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} role="img" aria-label="Checklists logo" {...props}>
      <rect x="8" y="6" width="32" height="38" rx="4" fill="#2b6cb0" />
      <rect x="16" y="2" width="16" height="8" rx="2" fill="#1a365d" />
      <rect x="12" y="12" width="24" height="28" rx="2" fill="#ffffff" />
      <path d="M17 26l5 5 9-11" stroke="#2f855a" strokeWidth="4" fill="none" strokeLinecap="round" />
    </svg>
  );
}
