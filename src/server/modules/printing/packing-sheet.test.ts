import { describe, expect, it } from 'vitest';
import {
  anonymous,
  type Session,
  TEST_PUBLIC_URL,
  useTestApp,
} from '../../../../test/helpers/app.ts';
import { decodePdfPages, pdfText } from '../../../../test/helpers/pdf.ts';
import { formatLabelCode } from '../../../common/label-code.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');

const sheet = (session: Session, id: string) =>
  t.inject(session, {
    method: 'GET',
    url: `/api/inventory/manifests/${id}/packing-sheet.pdf`,
  });

describe('GET /api/inventory/manifests/:id/packing-sheet.pdf', () => {
  it("refuses anonymous callers (401), and hides other clients' manifests from client users (404)", async () => {
    const other = await t.build.client();
    const manifest = await t.build.manifest({ client_id: other.id });
    expect((await sheet(anonymous, manifest.id)).statusCode).toBe(401);
    expect((await sheet(client, manifest.id)).statusCode).toBe(404);
    expect((await sheet(staff, 'nosuchmanifest')).statusCode).toBe(404);
  });

  it('lists required/packed per component and the items by location with codes as text, and only the manifest QR', async () => {
    const flat = await t.build.component({ name: 'Flat' });
    const brace = await t.build.component({ name: 'Brace' });
    const manifest = await t.build.manifest({ name: 'Hamlet tour' });
    await t.build.requirement(manifest.id, flat.id, 3);
    await t.build.requirement(manifest.id, brace.id, 2);
    const north = await t.build.location({ name: 'North yard' });
    const dock = await t.build.location({ name: 'Dock' });
    const a = await t.build.item({
      name: 'Flat A',
      status: 'Panel',
      component_id: flat.id,
      location_id: north.id,
      manifest_id: manifest.id,
    });
    await t.build.item({
      name: 'Łódź flat',
      component_id: flat.id,
      location_id: dock.id,
      manifest_id: manifest.id,
    });
    const label = await t.build.label({ item_id: a.id });

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
