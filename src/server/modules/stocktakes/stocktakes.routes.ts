import type { FastifyInstance, FastifyReply } from 'fastify';
import { stocktakesApi } from '../../../common/api/stocktakes.ts';
import { route } from '../../http/route.ts';
import { pdfMaker } from '../printing/pdf-workers.ts';
import { reportCsv, reportPdf } from './stocktake-report.ts';
import * as stocktakes from './stocktakes.service.ts';

/** Stock-takes by scanning (docs/decisions.md, "Stock-takes"): staff only, by the matrix. */
export function registerStocktakeRoutes(api: FastifyInstance): void {
  const pdfs = pdfMaker(api);
  route(api, stocktakesApi.start, async ({ body, user }) =>
    stocktakes.startStocktake(api, body, user),
  );
  route(api, stocktakesApi.list, async () => stocktakes.listStocktakes(api));
  route(api, stocktakesApi.location, async ({ params }) =>
    stocktakes.locationStock(api, params.id),
  );
  route(api, stocktakesApi.get, async ({ params }) => stocktakes.getStocktake(api, params.id));
  route(api, stocktakesApi.scan, async ({ params, body, user }) =>
    stocktakes.scanIntoStocktake(api, params.id, body.code, user),
  );
  route(api, stocktakesApi.move, async ({ params, body, user }) =>
    stocktakes.moveHere(api, params.id, body.item_id, user),
  );
  route(api, stocktakesApi.finish, async ({ params, body, user }) =>
    stocktakes.finishStocktake(api, params.id, body.mark_missing, user),
  );
  route(api, stocktakesApi.reportPdf, async ({ params, reply }) => {
    const { pdf, name } = await reportPdf(api, pdfs, params.id);
    return download(reply, 'application/pdf', name).send(pdf) as never;
  });
  route(api, stocktakesApi.reportCsv, async ({ params, reply }) => {
    const { csv, name } = await reportCsv(api, params.id);
    return download(reply, 'text/csv; charset=utf-8', name).send(csv) as never;
  });
}

function download(reply: FastifyReply, type: string, filename: string): FastifyReply {
  return reply
    .type(type)
    .header(
      'content-disposition',
      `${type === 'application/pdf' ? 'inline' : 'attachment'}; filename="${filename.replace(/[^\w.-]+/g, '-')}"`,
    )
    .header('cache-control', 'no-store');
}
