import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { importApi } from '../../../common/api/import.ts';
import type { Status } from '../../../common/status.ts';
import { guarded } from '../../components/dialogs/index.ts';
import { endpointUrl } from '../../lib/api.ts';
import { printLabels } from '../printing/print-labels.ts';

/**
 * Home's "Import / export" menu: export what the list shows (its search and type filter)
 * as CSV; for staff also the import page and label printing (a selection, or every item
 * without a label).
 */
export function InventoryMenu({
  filters,
  staff,
  onSelect,
}: {
  filters: { q: string; status: Status[] };
  staff: boolean;
  /** Starts choosing items on the list to print labels for. */
  onSelect: () => void;
}) {
  const filtered = filters.q.trim() !== '' || filters.status.length > 0;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs">
          {staff ? 'Import, export, labels' : 'Export'}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={endpointUrl(importApi.export, {
            query: { q: filters.q.trim() || undefined, status: filters.status },
          })}
          download
        >
          {filtered ? 'Export these items (CSV)' : 'Export all items (CSV)'}
        </Menu.Item>
        {staff && (
          <>
            <Menu.Item component={Link} to="/import">
              Import from a CSV file
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item onClick={onSelect}>Print labels for chosen items…</Menu.Item>
            <Menu.Item
              onClick={() =>
                void guarded(() =>
                  printLabels(
                    { without_label: true },
                    'Labels for the items without a label, by name (at most 5,000 at a time: print again for the next ones).',
                  ),
                )
              }
            >
              Print labels for items without a label…
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
