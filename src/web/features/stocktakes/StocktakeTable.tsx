import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Stocktake } from '../../../common/schemas/stocktake.ts';
import { TableHeader } from '../../components/lists/TableHeader.tsx';
import { countsText } from '../../../common/stocktake-counts.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Stock-takes, each a link to its page: the /stocktakes list and a location's own. */
export function StocktakeTable(props: { stocktakes: Stocktake[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" striped data-testid="stocktakes">
        <TableHeader columns={['Place', 'Started', 'Counts']} />
        <Table.Tbody>
          {props.stocktakes.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={`/stocktakes/${s.id}`}>
                  {s.place_name}
                </Anchor>
                {s.status === 'open' && (
                  <Badge ml="xs" size="sm" color="teal.9">
                    Open
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                {when(s.started_at)}
                <Text size="xs" c="gray.7">
                  {s.started_by_email ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>{countsText(s.counts)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
