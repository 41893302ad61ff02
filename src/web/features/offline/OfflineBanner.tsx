import { Box, Text } from '@mantine/core';
import { useOffline } from '../../lib/connectivity.ts';

export const OFFLINE_TEXT = 'offline — showing what this phone last saw';

/** Shown while the phone works from what it last saw. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Box
      bg="yellow.4"
      px="sm"
      py={6}
      mb="sm"
      style={{ borderRadius: 4 }}
      data-testid="offline-banner"
    >
      <Text size="sm" fw={600} c="dark.9" role="status">
        {OFFLINE_TEXT}
      </Text>
    </Box>
  );
}
