import { printingApi } from '../../../common/api/printing.ts';
import { endpointUrl } from '../../lib/api.ts';

/** The manifest's packing sheet, a PDF the browser opens in its own viewer. */
export const packingSheetUrl = (manifestId: string) =>
  endpointUrl(printingApi.packingSheet, { params: { id: manifestId } });
