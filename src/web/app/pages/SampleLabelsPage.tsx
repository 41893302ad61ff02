import { lazy } from 'react';
import { LazyFeature } from './LazyFeature.tsx';

// The QR and PDF code loads with this page, not with the app.
const SampleLabels = lazy(() =>
  import('../../features/sample-labels/SampleLabels.tsx').then((m) => ({
    default: m.SampleLabels,
  })),
);

/** /sample-labels: label codes as a CSV, a printable PDF and a preview grid. */
export function SampleLabelsPage() {
  return (
    <LazyFeature>
      <SampleLabels />
    </LazyFeature>
  );
}
