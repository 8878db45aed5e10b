/**
 * The prediction endpoint of the contextual bandit (runtime-spec §7, CMAB-2..5):
 * `POST /predict/:experimentId` answers `{ predictions: [{ variation_id, cmabUUID }] }`, one per instance,
 * chosen by Thompson sampling over the visitors and conversions the collector has stored for the
 * experiment (uniform priors when there is no store or no data). A malformed body is a 400 with the
 * reason. Any origin may call it (the snippet runs on the customer's pages); the body is read as JSON
 * whatever its content type, since the runtime sends it as text/plain to avoid a CORS preflight.
 */
import type { ServicesContext, VariationOutcome } from '../context';
import { readBodyText } from '../http/body';
import { thompsonChoose } from '../prediction/thompson';
import { invalidReason, type PredictionInstance } from '../prediction/validate';
import { sendJson } from '../responses';
import type { RouteRequest, Router } from '../router';

/** Largest body accepted, in bytes. */
export const MAX_BODY = 64 * 1024;

const cors = ({ res }: RouteRequest) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
};

/** Adds the prediction routes. */
export function predictRoutes(router: Router, context: ServicesContext): void {
  router.add('OPTIONS', '/predict/:experimentId', (request) => {
    cors(request);
    request.res.writeHead(204).end();
  });
  router.post('/predict/:experimentId', async (request) => {
    cors(request);
    const { experimentId } = request.params;
    const text = await readBodyText(request.req, MAX_BODY);
    if (text === undefined) return sendJson(request.res, 413, { error: `the body is larger than ${MAX_BODY} bytes` });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(request.res, 400, { error: 'the body is not valid JSON' });
    }
    const reason = invalidReason(body, experimentId);
    if (reason) return sendJson(request.res, 400, { error: reason });
    let outcomes: VariationOutcome[] = [];
    try {
      outcomes = (await context.events?.variationOutcomes(experimentId)) ?? [];
    } catch (error) {
      // The bandit still answers from its priors when the store cannot be read.
      console.error('[services] prediction: reading outcomes failed:', error);
    }
    const instances = (body as { instances: PredictionInstance[] }).instances;
    sendJson(request.res, 200, {
      predictions: instances.map((instance) => ({ variation_id: thompsonChoose(instance.variationIds, outcomes), cmabUUID: instance.cmabUUID })),
    });
  });
}
