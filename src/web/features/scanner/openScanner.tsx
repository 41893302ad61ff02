import { lazy, Suspense, useCallback } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate } from 'react-router';
import { openDialog } from '../../components/dialogs/queue.ts';
import type { AcceptedCode, ScannerViewProps } from './ScannerView.tsx';
import classes from './scanner.module.css';

export type { AcceptedCode } from './ScannerView.tsx';

// The view and the camera code load with the first scanner, not with the app.
const ScannerView = lazy(() =>
  import('./ScannerView.tsx').then((m) => ({ default: m.ScannerView })),
);

/**
 * Opens the full-screen scanner modal. Resolves with the first code of our own origin
 * (that `accept` takes), or undefined when the user stops scanning or closes it.
 */
export function openScanner(
  options: Pick<ScannerViewProps, 'accept'> = {},
): Promise<AcceptedCode | undefined> {
  return openDialog<AcceptedCode>({
    modal: {
      fullScreen: true,
      title: 'Scan a QR code',
      withCloseButton: false,
      classNames: { content: classes.content, header: classes.header, body: classes.body },
      transitionProps: { duration: 0 },
    },
    content: (close) => (
      <Suspense
        fallback={
          <Center flex={1}>
            <Loader color="gray" aria-label="Loading the scanner" />
          </Center>
        }
      >
        <ScannerView accept={options.accept} onDone={close} />
      </Suspense>
    ),
  });
}

/**
 * The scanner with no handler of its own: it goes to the scanned path (spec "Scanner
 * modal"), e.g. /scan/{label} for a label, or any page of ours whose QR code was scanned.
 */
export function useScanAndGo(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const code = await openScanner();
    if (code) void navigate(code.path);
  }, [navigate]);
}
