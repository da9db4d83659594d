import { describe, expect, it } from 'vitest';
import { parseJsonObject, parseVendorMetadata } from './metadata';
import { createUser } from './test-utils';

describe('parseJsonObject', () => {
  it.each([
    { json: '{"a":1,"b":{"c":true}}', expected: { a: 1, b: { c: true } } },
    { json: null, expected: {} },
    { json: undefined, expected: {} },
    { json: '', expected: {} },
    { json: '{not json', expected: {} },
    { json: '[1,2]', expected: {} },
    { json: 'null', expected: {} },
    { json: '"a string"', expected: {} },
    { json: '42', expected: {} },
  ])('$json → $expected, never throwing', ({ json, expected }) => {
    expect(parseJsonObject(json)).toEqual(expected);
  });
});

describe('parseVendorMetadata', () => {
  it.each([
    {
      vendorMetadata: '{"expiration":"2026-05-01","activated":true,"signupType":"trial"}',
      expected: { expiration: '2026-05-01', activated: true, signupType: 'trial' },
    },
    { vendorMetadata: '{"activated":"true"}', expected: { activated: true } },
    { vendorMetadata: '{"activated":"yes","expiration":20260501}', expected: { activated: false } },
    { vendorMetadata: '{oops', expected: { activated: false } },
    { vendorMetadata: null, expected: { activated: false } },
  ])('$vendorMetadata', ({ vendorMetadata, expected }) => {
    expect(parseVendorMetadata(createUser({ vendorMetadata }))).toEqual(expected);
  });
});
