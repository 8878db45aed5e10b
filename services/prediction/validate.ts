/**
 * Validation of a prediction request body (runtime-spec §7, CMAB-3, CMAB-4): `instances`, each with
 * visitorId, experimentId (the one in the path), cmabUUID, variationIds (at least one), attributes (each
 * id, type, value, client_api_name), dcpCustomerIds (a list) and dcpServiceId (string or null).
 */

/** One instance of a prediction request. */
export interface PredictionInstance {
  visitorId: string;
  experimentId: string;
  cmabUUID: string;
  variationIds: string[];
  attributes: Array<{ id: string; type: string; value: unknown; client_api_name: string }>;
  dcpCustomerIds: string[];
  dcpServiceId: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The reason a body is refused, or undefined when it is a valid request for `experimentId`. */
export const invalidReason = (body: unknown, experimentId: string): string | undefined => {
  if (!isObject(body)) return 'the body must be a JSON object';
  const { instances } = body;
  if (!Array.isArray(instances) || instances.length === 0) return 'instances must be a non-empty list';
  if (instances.length > 100) return 'at most 100 instances per request';
  for (let i = 0; i < instances.length; i++) {
    const at = `instances[${i}]`;
    const instance = instances[i];
    if (!isObject(instance)) return `${at} must be an object`;
    if (!isText(instance.visitorId)) return `${at}.visitorId must be a non-empty string`;
    if (instance.experimentId !== experimentId) return `${at}.experimentId must be the experiment of the path ("${experimentId}")`;
    if (!isText(instance.cmabUUID)) return `${at}.cmabUUID must be a non-empty string`;
    const ids = instance.variationIds;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isText)) return `${at}.variationIds must be a non-empty list of strings`;
    if (!Array.isArray(instance.attributes)) return `${at}.attributes must be a list`;
    for (let j = 0; j < instance.attributes.length; j++) {
      const attribute = instance.attributes[j];
      if (!isObject(attribute) || !isText(attribute.id) || !isText(attribute.type) || !isText(attribute.client_api_name) || !('value' in attribute)) {
        return `${at}.attributes[${j}] must have id, type, value and client_api_name`;
      }
    }
    if (!Array.isArray(instance.dcpCustomerIds)) return `${at}.dcpCustomerIds must be a list`;
    if (instance.dcpServiceId !== null && typeof instance.dcpServiceId !== 'string') return `${at}.dcpServiceId must be a string or null`;
  }
};
