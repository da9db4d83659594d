/** A key, drawn inline: the login page carries no icon library. */
export function PasskeyIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="8" cy="16" r="4" />
      <path d="M10.8 13.2 20 4M16 8l2 2M18.5 5.5l2 2" />
    </svg>
  );
}
