import { lazy, Suspense } from 'react';
import { ActionIcon, Box, Button, CopyButton, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useScanAndGo } from '../../features/scanner/openScanner.tsx';

/** Spec "Header": a 180 px QR code (error level M, QrCode's default) of the page address. */
const HEADER_QR_SIZE = 180;
// The QR encoder loads when the popover first opens, not with every page.
const QrCode = lazy(() =>
  import('../../lib/scanner/QrCode.tsx').then((m) => ({ default: m.QrCode })),
);

/**
 * The header's QR button (spec "Header"): shows a QR code of the current page address,
 * so another device can open the same page, and starts the camera scanner.
 *
 * The popover holds the 180 px QR code (error level M) of `address`, a button that starts
 * the scanner (tapping the code does too) and the address as copyable text.
 */
export function QrButton() {
  const [opened, { toggle, close }] = useDisclosure(false);
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
        <ActionIcon variant="default" size="lg" onClick={toggle} aria-label="Show QR code and scan">
          <QrIcon />
        </ActionIcon>
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
