import { Button, Paper, Stack, Text } from '@mantine/core';
import { scanQueue, useScanQueue } from './scan-queue.ts';

/**
 * Shown on the sign-in pages while scans wait on the phone and nobody is signed in: the
 * session that made them ended without a sign-out here (a 401, e.g. an admin reset the
 * member's password). Only the count is shown, never what was scanned or by whom
 * (docs/decisions.md, "A revoked phone forgets its member"). Loaded lazily by the layout.
 */
export default function UnsentScansWarning() {
  const count = useScanQueue().length;
  if (count === 0) return null;
  const one = count === 1;
  return (
    <Paper withBorder p="sm" mb="md" maw={520} mx="auto" data-testid="unsent-scans">
      <Stack gap="xs">
        <Text size="sm" role="alert">
          {`${count} ${one ? 'scan' : 'scans'} made on this phone ${one ? 'has' : 'have'} not been synced, and the session that made ${one ? 'it' : 'them'} has ended. Sign in again as the member who made ${one ? 'it' : 'them'} to send ${one ? 'it' : 'them'}. Signing in as anyone else deletes ${one ? 'it' : 'them'} from this phone.`}
        </Text>
        <Button
          size="xs"
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void scanQueue.clear()}
        >
          {one ? 'Delete it now' : 'Delete them now'}
        </Button>
      </Stack>
    </Paper>
  );
}
