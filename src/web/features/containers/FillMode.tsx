import { ContinuousScan, type ScanModeContext } from '../scan-mode/ContinuousScan.tsx';
import { ScanModeModal } from '../scan-mode/ScanModeModal.tsx';
import { itemTitle } from '../items/preview.ts';
import { useFillScans, type FillTarget } from './useFillScans.ts';

/**
 * "Fill this container": the packing mode's continuous scanner over one container. Each
 * label scanned puts its item inside, with the same sounds and feedback as packing.
 */
export function FillMode(props: { container: FillTarget; opened: boolean; onClose: () => void }) {
  const { container } = props;
  const useScans = (context: ScanModeContext) => useFillScans({ ...context, container });
  return (
    <ScanModeModal
      opened={props.opened}
      onClose={props.onClose}
      title={`Filling ${itemTitle(container)}`}
      closeLabel="Close fill mode"
    >
      <ContinuousScan
        useScans={useScans}
        idle="Point the camera at a label. Each one scanned goes inside at once."
        doneLabel="Done filling"
        onDone={props.onClose}
      />
    </ScanModeModal>
  );
}
