/** The Earnest mark: an S-curve rising to its target on a blue tile. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <rect width="64" height="64" rx="15" fill="var(--logo-tile, #1d4ed8)" />
      <path d="M14 52 H50" stroke="#ffffff" strokeOpacity="0.35" strokeWidth="3" strokeLinecap="round" />
      <path d="M14 44 C28 44 30 16 48 16" fill="none" stroke="#ffffff" strokeWidth="5.5" strokeLinecap="round" />
      <circle cx="48" cy="16" r="5.5" fill="#34d399" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-word">Earnest</span>
    </span>
  );
}
