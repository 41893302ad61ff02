import { Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { confirm } from '../dialogs/index.ts';
import { renameInForm } from './rename.ts';
import { runListAction } from './list-action.ts';
import { BorderedList } from './BorderedList.tsx';
import { QueryList } from './QueryList.tsx';
import { RowMenu } from './RowMenu.tsx';

interface Named {
  id: string;
  name: string;
  version: number;
}

export interface NamedListProps<T extends Named> {
  /** 'Client', 'Location', 'Component': "Edit client", "No clients yet", "Client not deleted". */
  noun: string;
  list: UseQueryResult<T[]>;
  /** Without it the names are shown without a menu (client users). */
  canEdit: boolean;
  rename: (id: string, name: string, version: number) => Promise<T>;
  remove: (id: string) => Promise<unknown>;
  rowTestId?: string;
}

/**
 * Clients, locations and component types: the names, each with an Edit/Delete menu.
 * Renaming goes through the versioned edit (a conflict asks); deleting one still in use
 * is refused by the server (409) and its message is shown.
 */
export function NamedList<T extends Named>(props: NamedListProps<T>) {
  const { noun, list } = props;
  const lower = noun.toLowerCase();

  const onEdit = (row: T) =>
    renameInForm({
      noun: lower,
      title: `Edit ${lower}`,
      row,
      save: (name, version) => props.rename(row.id, name, version),
      onTheirs: () => list.refetch(),
    });

  const onDelete = async (row: T) => {
    if (await confirm({ warning: `This will delete ${row.name}`, yesLabel: 'Delete' })) {
      await runListAction(`${noun} not deleted`, () => props.remove(row.id));
    }
  };

  return (
    <QueryList query={list} loadingLabel={`Loading the ${lower}s`} empty={`No ${lower}s yet`}>
      {(rows) => (
        <BorderedList
          label={`${noun}s`}
          rows={rows}
          rowKey={(row) => row.id}
          rowTestId={props.rowTestId}
        >
          {(row) => (
            <>
              <Text style={{ overflowWrap: 'anywhere' }}>{row.name}</Text>
              {props.canEdit && (
                <RowMenu
                  name={row.name}
                  onEdit={() => void onEdit(row)}
                  onDelete={() => void onDelete(row)}
                />
              )}
            </>
          )}
        </BorderedList>
      )}
    </QueryList>
  );
}
