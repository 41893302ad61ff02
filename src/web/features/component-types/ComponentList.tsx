import { useQuery } from '@tanstack/react-query';
import { NamedList } from '../../components/lists/NamedList.tsx';
import { componentQueries, useDeleteComponent, useUpdateComponent } from './api.ts';

/**
 * The component types by name. Editors get an Edit/Delete menu per row; deleting a type
 * still in use is refused by the server with a message, which is shown as it is.
 */
export function ComponentList({ canEdit }: { canEdit: boolean }) {
  const list = useQuery(componentQueries.list());
  const update = useUpdateComponent();
  const remove = useDeleteComponent();
  return (
    <NamedList
      noun="Component"
      list={list}
      canEdit={canEdit}
      rename={(id, name, version) => update.mutateAsync({ id, name, version })}
      remove={(id) => remove.mutateAsync(id)}
      rowTestId="component-row"
    />
  );
}
