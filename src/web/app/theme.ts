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

/**
 * Mantine's default dimmed grey (hints, secondary text) is 3.3:1 on white; gray 7 passes AA.
 * Its placeholder grey (gray 5) is 2.07:1, and a FileInput's or Select's placeholder is real
 * text that axe checks ("Choose a file" on /import): #6c757d is 4.7:1, still lighter than
 * a value, so an empty field does not read as filled in.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7]!, '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});
