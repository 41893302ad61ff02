// The notice area on its own module, so that main.tsx loads it lazily without pulling
// the whole @mantine/notifications package into the first page load.
export { Notifications as NoticeArea } from '@mantine/notifications';
