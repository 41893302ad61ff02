import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  // Indigo 7 keeps white button text and links above WCAG AA contrast (4.5:1); shade 6 does not.
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // People who ask their system for less motion get no modal and menu transitions.
  respectReducedMotion: true,
  components: {
    // A spinner is named by its aria-label ("Loading the item"), which a bare <span> may not
    // carry: the status role allows it and has screen readers announce it.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** Mantine's default dimmed grey (hints, secondary text) is 3.3:1 on white; gray 7 passes AA. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]! },
  dark: {},
});
