import type { FastifyInstance } from 'fastify';
import type { InspectionResult } from '../../src/common/inspections.ts';
import { today } from '../../src/common/job-stages.ts';
import { newId } from '../../src/server/lib/ids.ts';
import { createKind } from '../../src/server/modules/inspections/inspection-kinds.service.ts';
import { recordInspection } from '../../src/server/modules/inspections/inspections.service.ts';
import { buildMember } from './members.ts';
import { pdfBytes } from '../helpers/multipart.ts';

/** An inspection kind of a component type, through its service. */
export async function buildInspectionKind(
  app: FastifyInstance,
  overrides: {
    component_id: string;
    name?: string;
    interval_days?: number;
    blocks_dispatch?: boolean;
  },
) {
  const admin = await buildMember(app, { role: 'admin' });
  return createKind(
    app,
    {
      name: `Test ${newId(6)}`,
      interval_days: 365,
      blocks_dispatch: false,
      ...overrides,
    },
    admin,
  );
}

/** An inspection recorded through the service (with a PDF certificate when asked). */
export async function buildInspection(
  app: FastifyInstance,
  overrides: {
    item_id: string;
    kind_id: string;
    result?: InspectionResult;
    date?: string;
    note?: string;
    certificate?: boolean;
  },
) {
  const staff = await buildMember(app, { role: 'staff' });
  const user = { ...staff, email_verified: true };
  return recordInspection(
    app,
    overrides.item_id,
    {
      fields: {
        kind_id: overrides.kind_id,
        result: overrides.result ?? 'passed',
        date: overrides.date ?? today(),
        note: overrides.note ?? null,
        inspector: null,
      },
      attachments: overrides.certificate
        ? [
            {
              filename: 'certificate.pdf',
              content_type: 'application/pdf',
              extension: 'pdf',
              bytes: pdfBytes(),
            },
          ]
        : [],
    },
    user,
  );
}
