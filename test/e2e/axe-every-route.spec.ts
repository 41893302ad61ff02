import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { buildOutJob } from '../factories/round-trip.ts';
import { buildInspection, buildInspectionKind } from '../factories/inspections.ts';
import { buildLocation } from '../factories/locations.ts';
import { buildStocktake, buildStocktakeScan } from '../factories/stocktakes.ts';
import { injectAs, loginAs } from '../helpers/app.ts';
import { seriousAxeViolations, type AxeViolation } from '../helpers/axe.ts';
import { MOBILE_VIEWPORT, useBrowserSuite } from '../helpers/e2e-suite.ts';
import { webRoutePatterns } from '../helpers/web-routes.ts';

// Every page passes axe (serious and critical: none) at 1280 px and at 375 px, with the
// data that makes its sections appear (contents, an out job, the scan modes, a conflict
// dialog). The cases
// are keyed by the router's own route patterns: a route added to src/web/app/router.tsx
// without a case here fails the first test. One Chromium, one context, signed in once.

const { server, desktop, signIn } = useBrowserSuite({ mobile: false, clearCookies: false });

/** Off in axe by default (experimental), on here: a button's visible text is in its name. */
const ALSO_RULES = ['label-content-name-mismatch'];

const VIEWPORTS = [{ width: 1280, height: 800 }, MOBILE_VIEWPORT];

interface AxeCase {
  /** What this case puts on screen, for the failure message. */
  shows: string;
  signedIn: boolean;
  /** Opens the page (and the dialog) and waits until what the case is about is visible. */
  open: (page: Page) => Promise<void>;
}

/** The records the cases show, made once through the services. */
let data: {
  crate: { id: string };
  outItem: { id: string };
  plannedJob: { id: string };
  outJob: { id: string };
  freeLabel: string;
  inspected: { id: string };
  /** The planner's range around the planned job's dates (?from=&to=). */
  plannerRange: string;
  stocktake: { id: string };
  bay: { id: string };
};

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible' });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function go(page: Page, path: string, shown: (page: Page) => Locator) {
  await page.goto(`${server.origin}${path}`);
  await visible(shown(page));
}

/** An edit form whose item someone else changed meanwhile: the save opens the conflict. */
async function openConflict(page: Page) {
  const item = await buildItem(server.app, { name: 'Moving head', note: 'as loaded' });
  await go(page, `/items/${item.id}`, (p) => h1(p, 'Moving head'));
  await page.getByRole('button', { name: 'edit item' }).click();
  const form = page.getByRole('dialog', { name: 'Edit item' });
  await visible(form.getByLabel(/^Note/));
  const packed = await injectAs(server.app, await loginAs(server.app, 'staff'), {
    method: 'POST',
    url: '/api/inventory/allocate',
    payload: { id: item.id, manifest_id: data.plannedJob.id },
  });
  expect(packed.statusCode).toBe(200);
  await form.getByLabel(/^Note/).fill('checked the bolts');
  await form.getByRole('button', { name: 'Save' }).click();
  await visible(
    page
      .getByRole('dialog', { name: 'Changed while you were editing' })
      .getByTestId('conflict-table'),
  );
}

/** A page's button that opens a continuous scan mode, and the mode's full-screen dialog. */
async function openScanMode(page: Page, path: string, button: string, dialog: RegExp) {
  await go(page, path, (p) => p.getByRole('button', { name: button }));
  await page.getByRole('button', { name: button }).click();
  // The camera may be refused (no camera here): the mode shows why, with its buttons.
  await visible(page.getByRole('dialog', { name: dialog }).getByRole('button', { name: 'Sound' }));
}

const CASES: Record<string, AxeCase[]> = {
  '/login': [
    {
      shows: 'the sign-in form',
      signedIn: false,
      open: (p) => go(p, '/login', (q) => h1(q, 'Sign in')),
    },
  ],
  '/verify-email/:token': [
    {
      shows: 'a link that does not verify',
      signedIn: false,
      open: (p) => go(p, '/verify-email/no-such-token', (q) => h1(q, /could not verify/)),
    },
  ],
  '/reset-password/:token': [
    {
      shows: 'the reset form',
      signedIn: false,
      open: (p) => go(p, '/reset-password/no-such-token', (q) => h1(q, 'Reset password')),
    },
  ],
  '/': [
    {
      shows: 'the inventory with items and the activity feed',
      signedIn: true,
      open: (p) => go(p, '/', (q) => q.getByRole('link', { name: 'Crate 12' })),
    },
  ],
  '/about': [
    { shows: 'the page', signedIn: true, open: (p) => go(p, '/about', (q) => h1(q, /^About/)) },
  ],
  '/profile': [
    {
      shows: "an admin's profile",
      signedIn: true,
      open: (p) => go(p, '/profile', (q) => h1(q, 'Profile')),
    },
  ],
  '/sample-labels': [
    {
      shows: 'the sample labels',
      signedIn: true,
      open: (p) => go(p, '/sample-labels', (q) => q.getByRole('heading', { level: 1 })),
    },
  ],
  '/import': [
    {
      shows: 'the file input and the paste box',
      signedIn: true,
      open: (p) => go(p, '/import', (q) => q.getByText('Choose a file')),
    },
  ],
  '/manifests': [
    {
      shows: 'the manifests',
      signedIn: true,
      open: (p) => go(p, '/manifests', (q) => q.getByRole('link', { name: 'Summer show' })),
    },
  ],
  '/manifests/:manifestId': [
    {
      shows: 'a planned job with an item on it',
      signedIn: true,
      open: (p) =>
        go(p, `/manifests/${data.plannedJob.id}`, (q) =>
          q.getByRole('button', { name: 'Start packing' }),
        ),
    },
    {
      shows: 'a planned job whose dispatch the inspections refused, with the override',
      signedIn: true,
      open: async (p) => {
        await go(p, `/manifests/${data.plannedJob.id}`, (q) => q.getByTestId('job-inspections'));
        await p.getByRole('button', { name: 'Dispatch', exact: true }).click();
        await visible(p.getByTestId('dispatch-refused'));
      },
    },
    {
      shows: 'the Reserve items picker of a dated planned job',
      signedIn: true,
      open: async (p) => {
        await go(p, `/manifests/${data.plannedJob.id}`, (q) =>
          q.getByRole('button', { name: 'Reserve items' }),
        );
        const picker = p.getByTestId('reserve-picker');
        if (!(await picker.isVisible()))
          await p.getByRole('button', { name: 'Reserve items' }).click();
        await visible(picker.getByText(/Search, or choose a type/));
      },
    },
    {
      shows: 'packing mode on a planned job',
      signedIn: true,
      open: (p) => openScanMode(p, `/manifests/${data.plannedJob.id}`, 'Start packing', /^Packing/),
    },
    {
      shows: 'Return mode on an out job',
      signedIn: true,
      open: (p) =>
        openScanMode(p, `/manifests/${data.outJob.id}`, 'Return by scanning', /^Returning/),
    },
    {
      shows: 'an out job',
      signedIn: true,
      open: (p) =>
        go(p, `/manifests/${data.outJob.id}`, (q) =>
          q.getByRole('button', { name: 'Return by scanning' }),
        ),
    },
  ],
  '/out': [
    {
      shows: 'the jobs out',
      signedIn: true,
      open: (p) => go(p, '/out', (q) => q.getByTestId('jobs-out')),
    },
  ],
  '/inspections': [
    {
      shows: 'the inspections due, overdue first',
      signedIn: true,
      open: (p) => go(p, '/inspections', (q) => q.getByTestId('due-row')),
    },
  ],
  '/inspection-kinds': [
    {
      shows: 'the inspection kinds (admin)',
      signedIn: true,
      open: (p) => go(p, '/inspection-kinds', (q) => q.getByTestId('inspection-kind-row')),
    },
  ],
  '/planner': [
    {
      shows: 'a month of jobs (a list by week at 375 px)',
      signedIn: true,
      open: (p) => go(p, `/planner?${data.plannerRange}`, (q) => q.getByTestId('planner-job')),
    },
  ],
  '/stocktakes': [
    {
      shows: 'the start form and the stock-takes',
      signedIn: true,
      open: (p) => go(p, '/stocktakes', (q) => q.getByTestId('stocktakes')),
    },
  ],
  '/stocktakes/:stocktakeId': [
    {
      shows: 'an open stock-take: wrong place, unknown label, not scanned, finish',
      signedIn: true,
      open: (p) =>
        go(p, `/stocktakes/${data.stocktake.id}`, (q) =>
          q.getByRole('button', { name: 'Move here', exact: false }),
        ),
    },
    {
      shows: 'the stock-take scanner',
      signedIn: true,
      open: (p) =>
        openScanMode(p, `/stocktakes/${data.stocktake.id}`, 'Start scanning', /^Stock-take of/),
    },
  ],
  '/locations/:locationId': [
    {
      shows: 'a location: what is here, Start stock-take, its stock-takes',
      signedIn: true,
      open: (p) => go(p, `/locations/${data.bay.id}`, (q) => q.getByTestId('location-items')),
    },
  ],
  '/components': [
    {
      shows: 'the component types',
      signedIn: true,
      open: (p) => go(p, '/components', (q) => q.getByText('Gobo holder')),
    },
  ],
  '/scan/:labelId': [
    {
      shows: 'a label on no item (create or select)',
      signedIn: true,
      open: (p) =>
        go(p, `/scan/${data.freeLabel}`, (q) => q.getByRole('button', { name: 'Create item' })),
    },
  ],
  '/items/:itemId': [
    {
      shows: 'a container with contents',
      signedIn: true,
      open: (p) =>
        go(p, `/items/${data.crate.id}`, (q) =>
          q.getByTestId('contents-item').getByRole('button', { name: /Axe inner/ }),
        ),
    },
    {
      shows: 'an item out on a job',
      signedIn: true,
      open: (p) => go(p, `/items/${data.outItem.id}`, (q) => q.getByTestId('item-where-now')),
    },
    {
      shows: 'Fill mode on a container',
      signedIn: true,
      open: (p) => openScanMode(p, `/items/${data.crate.id}`, 'Fill this container', /^Filling/),
    },
    {
      shows: 'an item with inspections and the record form',
      signedIn: true,
      open: async (p) => {
        await go(p, `/items/${data.inspected.id}`, (q) => q.getByTestId('inspection-next-due'));
        await p.getByRole('button', { name: 'Record inspection' }).click();
        await visible(p.getByRole('button', { name: 'Save inspection' }));
      },
    },
    { shows: 'the conflict dialog of a stale edit', signedIn: true, open: openConflict },
  ],
  '*': [
    {
      shows: 'an address with no page',
      signedIn: true,
      open: (p) => go(p, '/no-such-page', (q) => h1(q, 'Not Found')),
    },
  ],
};

beforeAll(async () => {
  const crate = await buildItem(server.app, { name: 'Crate 12', status: 'Crate' });
  await buildItem(server.app, { name: 'Axe inner', container_id: crate.id });
  await buildItem(server.app, { name: 'Gel roll', container_id: crate.id });
  // Dated, so it shows on the planner's month (and holds nothing: it is planning).
  const plannedJob = await buildManifest(server.app, {
    name: 'Summer show',
    out_date: '2027-06-03',
    due_date: '2027-06-09',
  });
  await buildItem(server.app, { name: 'Spot lamp', manifest_id: plannedJob.id });
  const out = await buildOutJob(server.app, [{ name: 'Fresnel lamp' }]);
  await buildComponent(server.app, { name: 'Gobo holder' });
  const label = await buildLabel(server.app);
  const cable = await buildComponent(server.app, { name: 'Cable' });
  const pat = await buildInspectionKind(server.app, {
    component_id: cable.id,
    name: 'PAT test',
    blocks_dispatch: true,
  });
  const inspected = await buildItem(server.app, { name: 'Kettle lead', component_id: cable.id });
  await buildInspection(server.app, { item_id: inspected.id, kind_id: pat.id, certificate: true });
  // Never inspected, blocking, on the planned job: its page lists it, and dispatch is refused.
  await buildItem(server.app, {
    name: 'Extension reel',
    component_id: cable.id,
    manifest_id: plannedJob.id,
  });
  const bay = await buildLocation(server.app, { name: 'Axe bay' });
  await buildItem(server.app, { name: 'Bay lamp', location_id: bay.id });
  const stray = await buildItem(server.app, { name: 'Stray lamp' });
  const strayLabel = await buildLabel(server.app, { item_id: stray.id });
  const stocktake = await buildStocktake(server.app, { location_id: bay.id });
  await buildStocktakeScan(server.app, stocktake.id, strayLabel.id);
  await buildStocktakeScan(server.app, stocktake.id, 'ZZZZZZZZZZZZ');
  data = {
    crate,
    outItem: out.items[0]!,
    plannedJob,
    outJob: out.manifest,
    freeLabel: label.id,
    inspected,
    plannerRange: 'from=2027-06-01&to=2027-06-30',
    stocktake,
    bay,
  };
});

describe('axe on every route, at 1280 px and 375 px', () => {
  it('every route of the router has a case here, and every case a route', () => {
    const routes = webRoutePatterns();
    // The reading of the route table found the table (not an empty list that passes).
    expect(routes).toEqual(expect.arrayContaining(['/', '/items/:itemId', '*']));
    expect(Object.keys(CASES).sort()).toEqual(routes);
  });

  let signedIn = false;
  // The signed-out pages first, then one sign-in for all the others.
  const ordered = Object.entries(CASES)
    .flatMap(([route, cases]) => cases.map((c) => ({ route, ...c })))
    .sort((a, b) => Number(a.signedIn) - Number(b.signedIn));

  for (const c of ordered) {
    it(`${c.route}: ${c.shows}`, async () => {
      const { page, context } = desktop;
      if (c.signedIn && !signedIn) {
        await signIn(page, await buildMember(server.app, { role: 'admin' }));
        signedIn = true;
      } else if (!c.signedIn && signedIn) {
        await context.clearCookies();
        signedIn = false;
      }
      const found: Array<{ width: number } & AxeViolation> = [];
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await c.open(page);
        for (const v of await seriousAxeViolations(page, ALSO_RULES))
          found.push({ width: viewport.width, ...v });
      }
      expect(found).toEqual([]);
    });
  }
});
