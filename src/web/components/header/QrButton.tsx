import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { ActionIcon } from '@mantine/core';

// The popover (positioning, focus trap, QR encoder, scanner) loads on the first tap, not
// with every page: a phone opening a label shows the item sooner (docs/decisions.md,
// "Fast on a phone"). Pointing at or focusing the button starts loading it.
const loadPopover = () => import('./QrPopover.tsx');
const QrPopover = lazy(() => loadPopover().then((m) => ({ default: m.QrPopover })));

/** The header's QR button (spec "Header"): the QR code of this page and the scanner. */
export function QrButton() {
  const [wanted, setWanted] = useState(false);
  if (!wanted) {
    return (
      <QrTrigger
        onClick={() => setWanted(true)}
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
      />
    );
  }
  return (
    <Suspense fallback={<QrTrigger loading />}>
      <QrPopover initiallyOpened />
    </Suspense>
  );
}

/** The button itself; Popover.Target passes its props and ref through. */
export const QrTrigger = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { loading?: boolean }
>(function QrTrigger({ loading, ...props }, ref) {
  return (
    <ActionIcon
      ref={ref}
      variant="default"
      size="lg"
      loading={loading}
      aria-label="Show QR code and scan"
      {...props}
    >
      <QrIcon />
    </ActionIcon>
  );
});

function QrIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
    </svg>
  );
}
