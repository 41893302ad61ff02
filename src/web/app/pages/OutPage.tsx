import { Alert, Anchor, Badge, Container, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { stillOutText } from '../../../common/round-trip.ts';
import { roundTripQueries } from '../../features/round-trip/api.ts';
import { calendarDate } from '../../features/round-trip/job.ts';
import { TableHeader } from '../../components/lists/TableHeader.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';

const date = (ymd: string | null) => (ymd ? calendarDate(ymd) : '-');

/**
 * Every job that is out: client, dates and what is still out, overdue ones first and
 * marked. Client users see their own client's jobs (the server limits them), read-only.
 */
export function OutPage() {
  const jobs = useQuery({ ...roundTripQueries.out(), refetchInterval: 30_000 });
  return (
    <Container size="md" px={0}>
      <Title order={1} mb="md">
        Out on jobs
      </Title>
      {jobs.isPending ? (
        <CenteredLoader label="Loading the jobs" />
      ) : jobs.isError ? (
        <Alert color="red">{jobs.error.message}</Alert>
      ) : jobs.data.length === 0 ? (
        <Text c="gray.7">No job is out.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped data-testid="jobs-out">
            <TableHeader columns={['Job', 'Client', 'Out', 'Due back', 'Items']} />
            <Table.Tbody>
              {jobs.data.map((job) => (
                <Table.Tr key={job.id} data-overdue={job.overdue || undefined}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/manifests/${job.id}`}>
                      {job.name}
                    </Anchor>
                    {job.overdue && (
                      <Badge color="red.9" ml="xs" size="sm">
                        Overdue
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{job.client_name || '-'}</Table.Td>
                  <Table.Td>{date(job.out_date)}</Table.Td>
                  <Table.Td
                    c={job.overdue ? 'red.9' : undefined}
                    fw={job.overdue ? 600 : undefined}
                  >
                    {date(job.due_date)}
                  </Table.Td>
                  <Table.Td>{stillOutText(job.items_out, job.items_total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Container>
  );
}
