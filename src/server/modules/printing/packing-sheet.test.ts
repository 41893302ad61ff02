import { describe, expect, it } from 'vitest';
import {
  injectAs,
  TEST_PUBLIC_URL,
  type Session,
  useTestApp,
  anonymous,
} from '../../../../test/helpers/app.ts';
import { decodePdfPages, pdfText } from '../../../../test/helpers/pdf.ts';
import { buildClient } from '../../../../test/factories/clients.ts';
import { buildComponent } from '../../../../test/factories/components.ts';
import { buildItem } from '../../../../test/factories/items.ts';
import { buildLabel } from '../../../../test/factories/labels.ts';
import { buildLocation } from '../../../../test/factories/locations.ts';
import { buildManifest, buildRequirement } from '../../../../test/factories/manifests.ts';
import { formatLabelCode } from '../../../common/label-code.ts';

const t = useTestApp();
const staff = t.signIn('staff');
const client = t.signIn('client');

const sheet = (session: Session, id: string) =>
  injectAs(t.app, session, {
    method: 'GET',
    url: `/api/inventory/manifests/${id}/packing-sheet.pdf`,
  });

describe('GET /api/inventory/manifests/:id/packing-sheet.pdf', () => {
  it("refuses anonymous callers (401), and hides other clients' manifests from client users (404)", async () => {
    const other = await buildClient(t.app);
    const manifest = await buildManifest(t.app, { client_id: other.id });
    expect((await sheet(anonymous, manifest.id)).statusCode).toBe(401);
    expect((await sheet(client, manifest.id)).statusCode).toBe(404);
    expect((await sheet(staff, 'nosuchmanifest')).statusCode).toBe(404);
  });

  it('lists required/packed per component and the items by location with codes as text, and only the manifest QR', async () => {
    const flat = await buildComponent(t.app, { name: 'Flat' });
    const brace = await buildComponent(t.app, { name: 'Brace' });
    const manifest = await buildManifest(t.app, { name: 'Hamlet tour' });
    await buildRequirement(t.app, manifest.id, flat.id, 3);
    await buildRequirement(t.app, manifest.id, brace.id, 2);
    const north = await buildLocation(t.app, { name: 'North yard' });
    const dock = await buildLocation(t.app, { name: 'Dock' });
    const a = await buildItem(t.app, {
      name: 'Flat A',
      status: 'Panel',
      component_id: flat.id,
      location_id: north.id,
      manifest_id: manifest.id,
    });
    await buildItem(t.app, {
      name: 'Łódź flat',
      component_id: flat.id,
      location_id: dock.id,
      manifest_id: manifest.id,
    });
    const label = await buildLabel(t.app, { item_id: a.id });

    const res = await sheet(staff, manifest.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Packing list: Hamlet tour');
    expect(text).toMatch(/Flat\s+3\s+2 \(1 to go\)/);
    expect(text).toMatch(/Brace\s+2\s+0 \(2 to go\)/);
    // Grouped by location, sorted: Dock before North yard.
    expect(text.indexOf('Dock')).toBeLessThan(text.indexOf('North yard'));
    expect(text.indexOf('Łódź flat')).toBeLessThan(text.indexOf('Flat A'));
    expect(text).toContain(formatLabelCode(label.id));
    expect(text).toContain('Panel · Flat');

    const codes = (await decodePdfPages(res.rawPayload)).flat();
    expect(codes).toEqual([`${TEST_PUBLIC_URL}/manifests/${manifest.id}?pack=1`]);
  });
});
