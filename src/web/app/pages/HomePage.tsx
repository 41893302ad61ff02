import { useState } from 'react';
import { Box, Button, Grid, Group, Paper, ScrollArea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import type { Item } from '../../../common/schemas/item.ts';
import { guarded } from '../../components/dialogs/index.ts';
import { ActivityFeed } from '../../features/activity/components/ActivityFeed.tsx';
import { useCan } from '../../features/auth/api.ts';
import { InventoryMenu } from '../../features/import/InventoryMenu.tsx';
import { SelectionBar } from '../../features/import/SelectionBar.tsx';
import { InventoryList } from '../../features/items/components/InventoryList.tsx';
import { useItemForm } from '../../features/items/useItemForm.ts';
import { MOBILE_QUERY } from '../Layout.tsx';

/**
 * Home: the inventory. Staff get Create An Item, the type filter and the activity feed
 * (a sidebar on wide screens, a toggle on narrow ones); client users only the list and
 * search, limited by the server to their client's items.
 */
export function HomePage() {
  const canWrite = useCan('inventory:write');
  const canSeeActivity = useCan('activity:read');
  const mobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  const [showActivity, setShowActivity] = useState(false);
  const [sidebar, setSidebar] = useState<HTMLDivElement | null>(null);
  const openItemForm = useItemForm();
  const navigate = useNavigate();

  // Choosing items on the list to print their labels.
  const [chosen, setChosen] = useState<Map<string, true> | null>(null);
  const toggle = (item: Item) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (next.has(item.id)) next.delete(item.id);
      else next.set(item.id, true);
      return next;
    });
  const list = (
    <>
      {chosen && (
        <SelectionBar
          ids={[...chosen.keys()]}
          onClear={() => setChosen(new Map())}
          onDone={() => setChosen(null)}
        />
      )}
      <InventoryList
        withFilter={canWrite}
        selection={chosen ? { has: (id) => chosen.has(id), toggle } : undefined}
        actions={(filters) => (
          <InventoryMenu
            filters={filters}
            staff={canWrite}
            onSelect={() => setChosen((prev) => prev ?? new Map())}
          />
        )}
      />
    </>
  );

  const createItem = async () => {
    const item = await guarded(() => openItemForm());
    if (item) navigate(`/items/${item.id}`);
  };

  const header = (
    <Group justify="space-between" mb="md" gap="xs">
      <Title order={1}>Inventory</Title>
      <Group gap="xs">
        {canSeeActivity && mobile && (
          <Button
            variant={showActivity ? 'filled' : 'default'}
            aria-pressed={showActivity}
            onClick={() => setShowActivity((v) => !v)}
          >
            Activity
          </Button>
        )}
        {canWrite && <Button onClick={createItem}>Create An Item</Button>}
      </Group>
    </Group>
  );

  if (!canSeeActivity) {
    return (
      <Box maw={900} mx="auto">
        {header}
        {list}
      </Box>
    );
  }

  if (mobile) {
    return (
      <Box>
        {header}
        {showActivity ? (
          <section aria-labelledby="activity-heading">
            <Title order={2} size="h3" id="activity-heading" mb="sm">
              Activity
            </Title>
            <ActivityFeed scrollRoot={null} />
          </section>
        ) : (
          list
        )}
      </Box>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        {header}
        {list}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper
          component="aside"
          aria-labelledby="activity-heading"
          withBorder
          p="sm"
          style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height) + 16px)' }}
        >
          <Title order={2} size="h3" id="activity-heading" mb="sm">
            Activity
          </Title>
          <ScrollArea.Autosize
            mah="calc(100vh - var(--app-shell-header-height) - 120px)"
            viewportRef={setSidebar}
            type="auto"
          >
            <ActivityFeed scrollRoot={sidebar} />
          </ScrollArea.Autosize>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
