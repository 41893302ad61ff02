import { Badge, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { STATUS_GROUPS, type Status } from '../../../../common/status.ts';

/**
 * The filter panel of the staff home: a menu button opening the type values of the two
 * status groups as checkboxes. No type ticked means every type.
 */
export function StatusFilter(props: { value: Status[]; onChange: (value: Status[]) => void }) {
  const { value, onChange } = props;
  const toggle = (status: Status, on: boolean) =>
    onChange(on ? [...value, status] : value.filter((s) => s !== status));
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          rightSection={
            value.length > 0 ? (
              <Badge size="sm" circle aria-label={`${value.length} selected`}>
                {value.length}
              </Badge>
            ) : undefined
          }
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md" miw={180}>
          {STATUS_GROUPS.map((group) => (
            <fieldset key={group.group} style={{ border: 0, margin: 0, padding: 0 }}>
              <Text component="legend" fw={600} size="sm" mb={6}>
                {group.group}
              </Text>
              <Stack gap={6}>
                {group.values.map((v) => (
                  <Checkbox
                    key={v.value}
                    label={v.emoji ? `${v.emoji} ${v.value}` : v.value}
                    checked={value.includes(v.value)}
                    onChange={(e) => toggle(v.value, e.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </fieldset>
          ))}
          <Group justify="flex-end">
            <Button variant="subtle" size="xs" onClick={() => onChange([])} disabled={!value.length}>
              Clear
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
