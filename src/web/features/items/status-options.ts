import { STATUS_GROUPS } from '../../../common/status.ts';

/** The type choices in their two groups, with the emoji the package types carry. */
export const STATUS_OPTIONS = STATUS_GROUPS.map((group) => ({
  group: group.group,
  items: group.values.map((v) => ({
    value: v.value,
    label: v.emoji ? `${v.emoji} ${v.value}` : v.value,
  })),
}));
