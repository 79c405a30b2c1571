// The app's icons: inline SVG paths drawn in currentColor, one named export each (a chunk carries only
// the icons it uses). Decorative: the control that holds one gives the accessible name.

interface IconProps {
  /** Width and height in px. */
  size?: number;
}

function Icon({ size = 24, path }: IconProps & { path: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/** A chevron pointing to the start: Back. */
export const BackIcon = (props: IconProps) => <Icon {...props} path="M15.7 5.3a1 1 0 0 1 0 1.4L10.4 12l5.3 5.3a1 1 0 0 1-1.4 1.4l-6-6a1 1 0 0 1 0-1.4l6-6a1 1 0 0 1 1.4 0Z" />;
