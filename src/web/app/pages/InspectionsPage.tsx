import { DUE_WINDOW_DAYS } from '../../../common/inspections.ts';
import { TitledPage } from '../../components/TitledPage.tsx';
import { DueList } from '../../features/inspections/DueList.tsx';

/** What is due in the next 30 days, overdue first (staff). */
export function InspectionsPage() {
  return (
    <TitledPage
      title="Inspections due"
      intro={`Overdue first, then what falls due in the next ${DUE_WINDOW_DAYS} days.`}
      maxWidth={800}
    >
      <DueList days={DUE_WINDOW_DAYS} />
    </TitledPage>
  );
}
