import type { FastifyInstance } from 'fastify';
import { printingApi } from '../../../common/api/printing.ts';
import { route } from '../../http/route.ts';
import { withoutIdleTimeout } from '../../lib/long-wait.ts';
import { listPresets, printLabels, saveOffset } from './printing.service.ts';
import { packingSheet } from './packing-sheet.service.ts';
import { pdfMaker } from './pdf-workers.ts';

export function registerPrintingRoutes(api: FastifyInstance): void {
  const pdfs = pdfMaker(api);
  route(api, printingApi.presets, async () => listPresets(api));

  route(api, printingApi.saveOffset, async ({ params, body, user }) =>
    saveOffset(api, params.id, body, user),
  );

  route(api, printingApi.print, async ({ req, body, user, role, reply }) => {
    const { pdf, preset } = await withoutIdleTimeout(req.raw.socket, () =>
      printLabels(api, pdfs, user, role, body),
    );
    return sendPdf(reply, pdf, `labels-${preset.id}.pdf`);
  });

  route(api, printingApi.packingSheet, async ({ req, params, user, reply }) => {
    const { pdf, name } = await withoutIdleTimeout(req.raw.socket, () =>
      packingSheet(api, pdfs, user, params.id),
    );
    return sendPdf(reply, pdf, name);
  });
}

function sendPdf(reply: import('fastify').FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename.replace(/[^\w.-]+/g, '-')}"`)
    .header('cache-control', 'no-store')
    .send(pdf) as never;
}
