// Issue 14: the audit log's column metadata (GET /metadata?entityName=audits), which the official
// client reads as rows[0].properties (SPEC section 3 "Audit log").
import { auditColumns, auditsMetadataSchema } from '@brizo/contract/entities/audits';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../harness.js';

const server = useTestServer();

describe('GET /metadata?entityName=audits', () => {
  it('answers every column with its type, sort, filter and display flags', async () => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/frontegg/metadata?entityName=audits',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = auditsMetadataSchema.parse(response.json()).rows;
    expect(row?.entityName).toBe('audits');
    expect(row?.vendorId).toBe(server().config.clientId);
    expect(row?.properties).toEqual(auditColumns);
    const byName = new Map(row?.properties.map((column) => [column.name, column]));
    expect(byName.get('createdAt')).toEqual({
      name: 'createdAt',
      displayName: 'Time',
      type: 'Timestamp',
      sortable: true,
      filterable: true,
      showInTable: true,
      showInMoreInfo: 'Always',
      isPredefined: true,
    });
    expect([...byName.values()].map((column) => `${column.name}:${column.type}`)).toEqual([
      'createdAt:Timestamp',
      'severity:Severity',
      'action:AlphaNumeric',
      'description:AlphaNumeric',
      'email:Email',
      'ip:IpAddress',
      'userAgent:AlphaNumeric',
      'user:AlphaNumeric',
      'tenantId:AlphaNumeric',
      'json:Json',
    ]);
    expect(byName.get('json')).toMatchObject({ sortable: false, filterable: false, showInTable: false });
  });
});
