import { lazy, Suspense } from 'react';
import { Box, Button, CopyButton, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useScanAndGo } from '../../features/scanner/openScanner.tsx';
import { QrTrigger } from './QrButton.tsx';

/** Spec "Header": a 180 px QR code (error level M, QrCode's default) of the page address. */
const HEADER_QR_SIZE = 180;
// The QR encoder loads when the popover first opens, not with every page.
const QrCode = lazy(() =>
  import('../../lib/scanner/QrCode.tsx').then((m) => ({ default: m.QrCode })),
);

/**
 * The header's QR popover (spec "Header"), loaded by QrButton on the first tap: a QR code of
 * the current page address, so another device can open the same page, and the scanner.
 *
 * The popover holds the 180 px QR code (error level M) of `address`, a button that starts
 * the scanner (tapping the code does too) and the address as copyable text.
 */
export function QrPopover({ initiallyOpened }: { initiallyOpened: boolean }) {
  const [opened, { toggle, close }] = useDisclosure(initiallyOpened);
  const location = useLocation();
  const address = `${window.location.origin}${location.pathname}${location.search}`;
  const scanAndGo = useScanAndGo();
  const startScanner = () => {
    close();
    void scanAndGo();
  };
  return (
    <Popover
      opened={opened}
      onChange={(o) => !o && close()}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <QrTrigger onClick={toggle} />
      </Popover.Target>
      {/* Mantine makes this a dialog named by the button. */}
      <Popover.Dropdown maw={260}>
        <Stack gap="xs" align="center">
          {/* Tapping the code starts the scanner too; the button below is the keyboard way. */}
          <Box onClick={startScanner} style={{ cursor: 'pointer' }} data-testid="page-qr">
            <Suspense fallback={<Skeleton w={HEADER_QR_SIZE} h={HEADER_QR_SIZE} />}>
              <QrCode
                value={address}
                size={HEADER_QR_SIZE}
                label={`QR code of this page: ${address}`}
              />
            </Suspense>
          </Box>
          <Button size="sm" fullWidth onClick={startScanner} data-autofocus>
            Scan a label
          </Button>
          <Text size="xs" c="gray.7" ta="center" style={{ wordBreak: 'break-all' }}>
            {address}
          </Text>
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
