import { Badge, Button, Popover, Radio, Stack, Text } from '@mantine/core';
import { STATUS_GROUPS, statusLabel, type Status } from '../../../../common/status.ts';

const ALL = 'all';

/**
 * The filter panel of the staff home: a menu button opening the type values of the two
 * status groups. One type at a time (or all): the common question is "show me the
 * crates", and a single value keeps the query string simple.
 */
export function StatusFilter(props: {
  value: Status | null;
  onChange: (value: Status | null) => void;
}) {
  const { value, onChange } = props;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          rightSection={
            value ? (
              <Badge size="sm" variant="filled" color="indigo.9">
                {value}
              </Badge>
            ) : undefined
          }
        >
          Filter
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Radio.Group
          label="Type"
          value={value ?? ALL}
          onChange={(v) => onChange(v === ALL ? null : (v as Status))}
        >
          <Stack gap="sm" mt="xs" miw={180}>
            <Radio value={ALL} label="All types" />
            {STATUS_GROUPS.map((group) => (
              <Stack key={group.group} gap={6} role="group" aria-label={group.group}>
                <Text fw={600} size="sm" aria-hidden="true">
                  {group.group}
                </Text>
                {group.values.map((v) => (
                  <Radio key={v.value} value={v.value} label={statusLabel(v.value)} />
                ))}
              </Stack>
            ))}
          </Stack>
        </Radio.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
