import { useQuery } from '@tanstack/react-query';
import { NamedList } from '../../components/lists/NamedList.tsx';
import { componentTypeEntity } from './api.ts';

/**
 * The component types by name. Editors get an Edit/Delete menu per row; deleting a type
 * still in use is refused by the server with a message, which is shown as it is.
 */
export function ComponentList({ canEdit }: { canEdit: boolean }) {
  const list = useQuery(componentTypeEntity.queries.list());
  const update = componentTypeEntity.useUpdate();
  const remove = componentTypeEntity.useDelete();
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
