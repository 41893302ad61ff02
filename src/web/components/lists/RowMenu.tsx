import { ActionIcon, Menu } from '@mantine/core';

/**
 * The one menu of a list row: Edit and Delete (or "Edit count" and "Remove"). One button
 * instead of two keeps a row inside a phone's width; `name` makes each row's button
 * distinct for screen readers.
 */
export function RowMenu(props: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  editLabel?: string;
  deleteLabel?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={`Actions for ${props.name}`}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <circle cx="12" cy="5" r="2" />
            <circle cx="12" cy="12" r="2" />
            <circle cx="12" cy="19" r="2" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={props.onEdit}>{props.editLabel ?? 'Edit'}</Menu.Item>
        <Menu.Item color="red.9" onClick={props.onDelete}>
          {props.deleteLabel ?? 'Delete'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
