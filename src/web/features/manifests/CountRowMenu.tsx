import { ActionIcon, Menu } from '@mantine/core';

/**
 * The Edit count / Remove menu of a component row (requirements, item components). One
 * button instead of two keeps the requirements table inside a phone's width.
 */
export function CountRowMenu(props: { name: string; onEdit: () => void; onRemove: () => void }) {
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
        <Menu.Item onClick={props.onEdit}>Edit count</Menu.Item>
        <Menu.Item color="red.9" onClick={props.onRemove}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
