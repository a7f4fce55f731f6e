// Home's own drawing; its icons come from the product's icon set (ui-kit/icons).

/** The no-data illustration: an empty tray. */
export function NoDataIllustration() {
  return (
    <svg width="120" height="90" viewBox="0 0 120 90" aria-hidden="true" focusable="false">
      <ellipse cx="60" cy="80" rx="46" ry="6" fill="#E2E8F0" />
      <path
        d="M22 44 36 16h48l14 28v26a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4Z"
        fill="#EDF2F7"
        stroke="#A0AEC0"
        strokeWidth="2"
      />
      <path d="M22 44h24a14 10 0 0 0 28 0h24" fill="none" stroke="#A0AEC0" strokeWidth="2" />
      <path d="M48 28h24M50 36h20" stroke="#CBD5E0" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
