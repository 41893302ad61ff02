import { createTheme } from '@mantine/core';

export const theme = createTheme({
  // Indigo keeps white button text above WCAG AA contrast.
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
});
