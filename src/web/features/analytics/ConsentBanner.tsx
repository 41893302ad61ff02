import { useSyncExternalStore } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { analyticsEnabled, getConsent, setConsent, subscribeConsent } from './index.ts';

/** The consent question, asked once when analytics is on; the answer is kept locally. */
export function ConsentBanner() {
  const consent = useSyncExternalStore(subscribeConsent, getConsent);
  if (!analyticsEnabled || consent !== 'unknown') return null;
  return (
    <Affix position={{ bottom: 12, left: 12, right: 12 }} zIndex={150}>
      <Paper
        component="section"
        aria-label="Usage analytics"
        withBorder
        shadow="md"
        p="md"
        maw={560}
        mx="auto"
      >
        <Text size="sm">
          May Yardkeep record how the app is used (for example that an item was created), linked to
          your email? It helps us improve the app. Nothing is sent unless you allow it; you can
          change this on your profile.
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" size="xs" onClick={() => setConsent('opt-out')}>
            No thanks
          </Button>
          <Button size="xs" onClick={() => setConsent('opt-in')}>
            Allow
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
