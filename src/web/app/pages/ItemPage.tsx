import { lazy, Suspense } from 'react';
import { Container, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { EntityStatus } from '../../components/EntityStatus.tsx';
import { confirm, guarded, notify } from '../../components/dialogs/index.ts';
import { useCan, useCurrentUser } from '../../features/auth/api.ts';
import { ItemImages } from '../../features/images/components/ItemImages.tsx';
import { itemQueries, useDeleteItem } from '../../features/items/api.ts';
import { ItemActions } from '../../features/items/components/ItemActions.tsx';
import { ItemDetails } from '../../features/items/components/ItemDetails.tsx';
import { ContainerTrail } from '../../features/round-trip/ContainerTrail.tsx';
import { ItemWhereNow } from '../../features/round-trip/ItemWhereNow.tsx';
import { useLazyItemForm } from '../../features/items/useLazyItemForm.tsx';
import { ItemLabels } from '../../features/labels/components/ItemLabels.tsx';
import { ItemComponentsSection } from '../../features/items/components/ItemComponentsSection.tsx';

// Signed-in only, so a phone opening a label signed out never downloads it.
const InspectionsSection = lazy(() =>
  import('../../features/inspections/InspectionsSection.tsx').then((m) => ({
    default: m.InspectionsSection,
  })),
);
const ContentsSection = lazy(() =>
  import('../../features/round-trip/ContentsSection.tsx').then((m) => ({
    default: m.ContentsSection,
  })),
);
// Signed-in only: the item's jobs (issue 21), off a signed-out phone's first load.
const ItemBookings = lazy(() =>
  import('../../features/reservations/ItemBookings.tsx').then((m) => ({
    default: m.ItemBookings,
  })),
);
// Staff only, like the printing code below.
const StartStocktakeButton = lazy(() =>
  import('../../features/stocktakes/StartStocktakeButton.tsx').then((m) => ({
    default: m.StartStocktakeButton,
  })),
);
const FillButton = lazy(() =>
  import('../../features/containers/FillButton.tsx').then((m) => ({ default: m.FillButton })),
);
// Staff only: a phone opening a scanned label never loads the printing code.
const PrintContentsButton = lazy(() =>
  import('../../features/printing/PrintContentsButton.tsx').then((m) => ({
    default: m.PrintContentsButton,
  })),
);

/**
 * Item detail, public: everyone sees the details, images and labels; editors also get
 * the edit controls; signed-out visitors get Login to edit.
 */
export function ItemPage() {
  const { itemId = '' } = useParams();
  const { user, isLoading: userLoading } = useCurrentUser();
  const item = useQuery(itemQueries.detail(itemId));
  const itemForm = useLazyItemForm();
  const deleteItem = useDeleteItem();
  const navigate = useNavigate();
  const canEdit = useCan('inventory:write');

  if (item.isPending || userLoading || item.isError) {
    return (
      <EntityStatus noun="item" error={item.error} back={{ to: '/', label: 'Back to inventory' }} />
    );
  }

  const data = item.data;
  const edit = canEdit ? () => void guarded(() => itemForm.open(data)) : undefined;
  const remove = canEdit
    ? async () => {
        const yes = await confirm({
          warning: 'Deleting an item you need later could be very sad indeed.',
          yesLabel: 'Delete',
        });
        if (!yes) return;
        const done = await guarded(() => deleteItem.mutateAsync(data.id));
        if (!done) return;
        // Back to home, since the spec's /items is not a route.
        navigate('/');
        notify(`${data.name?.trim() || data.id} was deleted.`);
      }
    : undefined;

  return (
    <Container size="sm" px={0}>
      <Title order={1} mb="md" style={{ overflowWrap: 'anywhere' }}>
        {data.name?.trim() || 'Item'}
      </Title>
      <ContainerTrail itemId={data.id} containerId={data.container_id} />
      <ItemWhereNow item={data} />
      <ItemDetails item={data} onEdit={edit} />
      <ItemImages itemId={data.id} canEdit={canEdit} />
      <ItemLabels itemId={data.id} canEdit={canEdit} />
      <ItemComponentsSection itemId={data.id} canEdit={canEdit} />
      {user && data.component_id && (
        <Suspense fallback={null}>
          <InspectionsSection itemId={data.id} canEdit={canEdit} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <ContentsSection
            container={data}
            canEdit={canEdit}
            actions={
              canEdit ? (
                <>
                  <FillButton container={data} />
                  <StartStocktakeButton containerId={data.id} />
                </>
              ) : undefined
            }
          />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <ItemBookings itemId={data.id} />
        </Suspense>
      )}
      {canEdit && (
        <Suspense fallback={null}>
          <PrintContentsButton itemId={data.id} name={data.name?.trim() || 'this item'} />
        </Suspense>
      )}
      <ItemActions onEdit={edit} onDelete={remove} offerLogin={!user} />
      {itemForm.host}
    </Container>
  );
}
