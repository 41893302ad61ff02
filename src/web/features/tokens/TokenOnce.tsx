import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedToken } from '../../../common/schemas/api-token.ts';
import { openDialog } from '../../components/dialogs/index.ts';

/** The new token's secret, shown this once, with a copy button; it is never shown again. */
export async function showTokenOnce(token: CreatedToken): Promise<void> {
  await openDialog<true>({
    modal: { title: `Token “${token.name}” created`, withCloseButton: false },
    content: (close) => (
      <Stack>
        <Text>Copy it now: it will not be shown again.</Text>
        <Code block data-testid="new-token" style={{ wordBreak: 'break-all' }}>
          {token.token}
        </Code>
        <Text size="sm">
          Send it as <Code>Authorization: Bearer …</Code> to the API (
          <a href="/api/docs">reference</a>).
        </Text>
        <Group justify="flex-end">
          <CopyButton value={token.token}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={() => close(true)} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    ),
  });
}
