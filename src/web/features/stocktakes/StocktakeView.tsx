import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { formatLabelCode } from '../../../common/label-code.ts';
import type { ScanRow, StocktakeDetail, StocktakeItem } from '../../../common/schemas/stocktake.ts';
import { confirm, guarded, notify } from '../../components/dialogs/index.ts';
import { unlockAudio } from '../scan-mode/feedback.ts';
import { reportLinks, useFinishStocktake, useMoveHere } from './api.ts';
import { countsText } from '../../../common/stocktake-counts.ts';

// The camera code loads when scanning starts, not with the page.
const StocktakeMode = lazy(() =>
  import('./StocktakeMode.tsx').then((m) => ({ default: m.StocktakeMode })),
);

const when = (iso: string) => new Date(iso).toLocaleString();
const title = (item: StocktakeItem) => item.name?.trim() || item.id;

/**
 * One stock-take: the live counts, Scan (the continuous scanner), what was in the wrong
 * place with a one-tap move, unknown labels with "Attach to an item", what is not scanned
 * yet with "Mark missing" per item or for all, Finish, and the report.
 */
export function StocktakeView({
  stocktake,
  canWrite,
}: {
  stocktake: StocktakeDetail;
  canWrite: boolean;
}) {
  const [scanning, setScanning] = useState(false);
  const open = stocktake.status === 'open';
  const links = reportLinks(stocktake.id);
  return (
    <Stack gap="lg">
      <div>
        <Group gap="xs">
          <Badge color={open ? 'teal.9' : 'gray.7'}>{open ? 'Open' : 'Finished'}</Badge>
          <Text size="sm" c="gray.7">
            Started {when(stocktake.started_at)} by {stocktake.started_by_email ?? 'Anonymous'}
            {stocktake.finished_at &&
              ` · finished ${when(stocktake.finished_at)} by ${stocktake.finished_by_email ?? 'Anonymous'}`}
          </Text>
        </Group>
        <Text fw={700} size="xl" mt="xs" data-testid="stocktake-summary" aria-live="polite">
          {countsText(stocktake.counts)}
        </Text>
        {stocktake.count_contents && (
          <Text size="sm" c="gray.7">
            A crate scanned whole counts what is inside it.
          </Text>
        )}
      </div>
      <Group>
        {open && canWrite && (
          <Button
            size="lg"
            onClick={() => {
              // The click is the gesture browsers need before a page may make sound.
              unlockAudio();
              setScanning(true);
            }}
          >
            Start scanning
          </Button>
        )}
        <Anchor href={links.pdf} target="_blank" rel="noopener">
          Report (PDF)
        </Anchor>
        <Anchor href={links.csv} download>
          Report (CSV)
        </Anchor>
      </Group>
      {scanning && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the scanner" />}>
          <StocktakeMode stocktake={stocktake} opened onClose={() => setScanning(false)} />
        </Suspense>
      )}
      <WrongPlace stocktake={stocktake} canMove={open && canWrite} />
      <Section heading="Unknown labels" count={stocktake.unknown.length} empty="No unknown labels.">
        {stocktake.unknown.map((u) => (
          <li key={u.code}>
            <Text span ff="monospace">
              {formatLabelCode(u.code)}
            </Text>{' '}
            <Text span size="sm" c="gray.7">
              {u.scanned_by_email ?? 'Anonymous'}, {when(u.scanned_at)}
            </Text>{' '}
            {canWrite && (
              <Anchor component={Link} to={`/scan/${encodeURIComponent(u.code)}`}>
                Attach to an item
              </Anchor>
            )}
          </li>
        ))}
      </Section>
      <Section heading="Unexpected" count={stocktake.unexpected.length} empty="Nothing unexpected.">
        {stocktake.unexpected.map((row) => (
          <ScanLine key={row.item.id} row={row} />
        ))}
      </Section>
      {open ? (
        <FinishForm stocktake={stocktake} canFinish={canWrite} />
      ) : (
        <>
          <ItemsSection
            heading="Missing"
            items={stocktake.missing}
            empty="Nothing marked missing."
          />
          <ItemsSection
            heading="Not scanned"
            items={stocktake.not_scanned}
            empty="Everything expected was scanned."
          />
        </>
      )}
      <Section heading="Found" count={stocktake.found.length} empty="Nothing found yet.">
        {stocktake.found.map((row) => (
          <ScanLine key={row.item.id} row={row} />
        ))}
      </Section>
    </Stack>
  );
}

function Section(props: { heading: string; count: number; empty: string; children: ReactNode }) {
  const id = `section-${props.heading.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <Title order={2} size="h4" id={id} mb={4}>
        {props.heading} ({props.count})
      </Title>
      {props.count === 0 ? (
        <Text size="sm" c="gray.7">
          {props.empty}
        </Text>
      ) : (
        <Stack component="ul" gap={4} pl="md" m={0}>
          {props.children}
        </Stack>
      )}
    </section>
  );
}

/** A section listing items (not scans): those marked missing, or never scanned. */
function ItemsSection(props: { heading: string; items: StocktakeItem[]; empty: string }) {
  return (
    <Section heading={props.heading} count={props.items.length} empty={props.empty}>
      {props.items.map((item) => (
        <ItemLine key={item.id} item={item} />
      ))}
    </Section>
  );
}

function ItemLine({ item }: { item: StocktakeItem }) {
  const where = item.container_name ?? item.location_name;
  return (
    <li>
      <Anchor component={Link} to={`/items/${encodeURIComponent(item.id)}`}>
        {title(item)}
      </Anchor>
      {where && (
        <Text span size="sm" c="gray.7">
          {' '}
          · {where}
        </Text>
      )}
    </li>
  );
}

function ScanLine({ row, action }: { row: ScanRow; action?: ReactNode }) {
  return (
    <li>
      <Anchor component={Link} to={`/items/${encodeURIComponent(row.item.id)}`}>
        {title(row.item)}
      </Anchor>{' '}
      <Text span size="sm" c="gray.7">
        {[row.detail, row.via_container_id ? 'counted with its crate' : null]
          .filter(Boolean)
          .join(' · ')}
        {row.detail || row.via_container_id ? ' · ' : ''}
        {row.scanned_by_email ?? 'Anonymous'}, {when(row.scanned_at)}
      </Text>{' '}
      {action}
    </li>
  );
}

function WrongPlace({ stocktake, canMove }: { stocktake: StocktakeDetail; canMove: boolean }) {
  const move = useMoveHere(stocktake.id);
  return (
    <Section
      heading="Wrong place"
      count={stocktake.wrong_place.length}
      empty="Nothing in the wrong place."
    >
      {stocktake.wrong_place.map((row) => (
        <ScanLine
          key={row.item.id}
          row={row}
          action={
            row.moved_at ? (
              <Badge size="sm" color="teal.9">
                Moved here
              </Badge>
            ) : canMove ? (
              <Button
                size="compact-sm"
                onClick={() =>
                  void guarded(async () => {
                    await move.mutateAsync(row.item.id);
                    notify(`${title(row.item)} was moved to ${stocktake.place_name}.`);
                  })
                }
              >
                Move here<VisuallyHidden component="span">: {title(row.item)}</VisuallyHidden>
              </Button>
            ) : null
          }
        />
      ))}
    </Section>
  );
}

/**
 * The finish: what was expected and not scanned, each with its own "Mark missing" box
 * (none ticked: marking missing is a choice, never automatic), "Mark all missing", Finish.
 */
function FinishForm({ stocktake, canFinish }: { stocktake: StocktakeDetail; canFinish: boolean }) {
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const finish = useFinishStocktake(stocktake.id);
  const notScanned = stocktake.not_scanned;
  const all = notScanned.length > 0 && notScanned.every((i) => marked.has(i.id));
  const toggle = (id: string, on: boolean) =>
    setMarked((m) => {
      const next = new Set(m);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const onFinish = () =>
    void guarded(async () => {
      const ids = notScanned.filter((i) => marked.has(i.id)).map((i) => i.id);
      const yes = await confirm({
        title: 'Finish the stock-take?',
        warning:
          ids.length > 0
            ? `${ids.length} ${ids.length === 1 ? 'item is' : 'items are'} marked missing. Nobody can scan into this stock-take after this.`
            : 'No item is marked missing. Nobody can scan into this stock-take after this.',
        yesLabel: 'Finish',
        safe: true,
      });
      if (!yes) return;
      await finish.mutateAsync(ids);
      notify('The stock-take is finished.');
    });
  return (
    <section aria-labelledby="section-not-scanned" data-testid="section-not-scanned">
      <Title order={2} size="h4" id="section-not-scanned" mb={4}>
        Not scanned ({notScanned.length})
      </Title>
      {notScanned.length === 0 ? (
        <Text size="sm" c="gray.7">
          Everything expected was scanned.
        </Text>
      ) : (
        <Stack gap={4}>
          {canFinish && (
            <Checkbox
              label="Mark all missing"
              checked={all}
              indeterminate={!all && marked.size > 0}
              onChange={(e) =>
                setMarked(
                  e.currentTarget.checked ? new Set(notScanned.map((i) => i.id)) : new Set(),
                )
              }
            />
          )}
          {notScanned.map((item) => (
            <Group key={item.id} gap="xs" wrap="nowrap">
              {canFinish && (
                <Checkbox
                  aria-label={`Mark ${title(item)} missing`}
                  checked={marked.has(item.id)}
                  onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                />
              )}
              <Stack component="ul" gap={0} pl={0} m={0} style={{ listStyle: 'none' }}>
                <ItemLine item={item} />
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {canFinish && (
        <Button mt="sm" onClick={onFinish} loading={finish.isPending}>
          Finish stock-take
        </Button>
      )}
    </section>
  );
}
