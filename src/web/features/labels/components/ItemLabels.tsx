import { ActionIcon, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatLabelCode, labelCodeFrom } from '../../../../common/label-code.ts';
import { confirm, guarded } from '../../../components/dialogs/index.ts';
import { EntitySection, PlusButton } from '../../../components/EntitySection.tsx';
import { PlainList, QueryList } from '../../../components/lists/QueryList.tsx';
import { labelQueries, useAttachLabel, useFreeLabel } from '../api.ts';

/**
 * The item's labels as XXXX-XXXX-XXXX, or "No Labels". Editors get a plus button to add
 * one and an x beside each to free it.
 */
export function ItemLabels({ itemId, canEdit }: { itemId: string; canEdit: boolean }) {
  const labels = useQuery(labelQueries.forItem(itemId));
  // The attach flow and its form load on first use: a visitor opening a label never needs them.
  const attachFlow = () => import('../attach.ts');
  const attach = useAttachLabel();
  const free = useFreeLabel();

  // The scanner takes only scan links of our origin; the label id is their last path
  // segment. (Item ids look like label codes, so an item page's QR code is refused.)
  const scanLabel = async () => {
    // Editors only: the scanner's code loads when they first press the camera button.
    const { openScanner } = await import('../../scanner/openScanner.tsx');
    const scanned = await openScanner({
      accept: (code) =>
        code.url.pathname.startsWith('/scan/') && labelCodeFrom(code.text)
          ? true
          : 'This QR code is not a label.',
    });
    const code = scanned && labelCodeFrom(scanned.text);
    if (code) {
      const { attachLabelCode } = await attachFlow();
      await guarded(() => attachLabelCode(attach.mutateAsync, itemId, code));
    }
  };

  const freeLabel = async (code: string) => {
    const yes = await confirm({
      warning: 'You can reassign this label later if you really need to.',
      yesLabel: 'Free label',
    });
    if (yes) await guarded(() => free.mutateAsync(code));
  };

  return (
    <EntitySection
      id="labels-heading"
      title="Labels"
      aside={
        canEdit && (
          <Group gap="xs">
            <ActionIcon
              variant="light"
              size="lg"
              aria-label="Scan a label"
              onClick={() => void scanLabel()}
            >
              <CameraIcon />
            </ActionIcon>
            <PlusButton
              label="Add a label"
              onClick={() =>
                void guarded(async () =>
                  (await attachFlow()).askAndAttachLabel(attach.mutateAsync, itemId),
                )
              }
            />
          </Group>
        )
      }
    >
      <QueryList query={labels} loadingLabel="Loading labels" empty="No Labels" compact>
        {(rows) => (
          <PlainList gap={4}>
            {rows.map((label) => {
              const code = formatLabelCode(label.id);
              return (
                <Group component="li" key={label.id} gap="xs" wrap="nowrap">
                  <Text ff="monospace" data-testid="label-code">
                    {code}
                  </Text>
                  {canEdit && (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Free label ${code}`}
                      onClick={() => void freeLabel(label.id)}
                    >
                      <span aria-hidden="true">×</span>
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
          </PlainList>
        )}
      </QueryList>
    </EntitySection>
  );
}

function CameraIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
