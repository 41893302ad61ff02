import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import {
  duplicateManifestBody,
  manifestBody,
  manifestRecordSchema,
  manifestSchema,
  manifestUpdateBody,
} from '../schemas/manifest.ts';
import {
  createRequirementBody,
  requirementParams,
  requirementSchema,
  updateRequirementBody,
} from '../schemas/requirement.ts';

export const manifestsApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/manifests',
    tag: 'manifests',
    summary: 'All manifests the caller may see (client users: their own), sorted by name',
    access: 'catalog:read',
    response: z.array(manifestSchema),
  }),
  get: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id',
    tag: 'manifests',
    summary: 'One manifest',
    access: 'catalog:read',
    params: idParams,
    response: manifestSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/manifests',
    tag: 'manifests',
    summary: 'Create a manifest',
    access: 'inventory:write',
    body: manifestBody,
    response: manifestSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/manifests/:id',
    tag: 'manifests',
    summary:
      'Change a manifest; fields left out keep their value. With a version (body or If-Match), 409 if it changed meanwhile',
    access: 'inventory:write',
    params: idParams,
    body: manifestUpdateBody,
    response: manifestSchema,
    conflict: manifestRecordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/manifests/:id',
    tag: 'manifests',
    summary: 'Delete a manifest: its items are taken off it, its requirements deleted',
    access: 'inventory:write',
    params: idParams,
    response: okSchema,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: '/inventory/duplicate',
    tag: 'manifests',
    summary: 'Copy a manifest with its requirements (not its items) under a new name',
    access: 'inventory:write',
    body: duplicateManifestBody,
    response: manifestSchema,
    status: 201,
  }),
};

export const requirementsApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/manifests/:id/requirements',
    tag: 'manifests',
    summary: "A manifest's required counts per component type, sorted by component name",
    access: 'catalog:read',
    params: idParams,
    response: z.array(requirementSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/manifests/:id/requirements',
    tag: 'manifests',
    summary: 'Require a component type (409 if it is already required: change its count)',
    access: 'inventory:write',
    params: idParams,
    body: createRequirementBody,
    response: requirementSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/inventory/manifests/:manifestId/requirements/:componentId',
    tag: 'manifests',
    summary:
      'Change a required count. With a version (body or If-Match), 409 if it changed meanwhile',
    access: 'inventory:write',
    params: requirementParams,
    body: updateRequirementBody,
    response: requirementSchema,
    conflict: requirementSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/manifests/:manifestId/requirements/:componentId',
    tag: 'manifests',
    summary: 'Stop requiring a component type',
    access: 'inventory:write',
    params: requirementParams,
    response: okSchema,
  }),
};
