import { describe, expect, it } from 'vitest';
import { bcbpString, julianDay } from './bcbp';

describe('bcbpString', () => {
  it('reproduces the IATA vector of domain-nepal.md', () => {
    const text = bcbpString({
      lastName: 'Desmarais',
      firstName: 'Luc',
      pnr: 'ABC123',
      from: 'YUL',
      to: 'FRA',
      carrier: 'AC',
      flightNumber: '834',
      date: '2023-11-22',
      compartment: 'J',
      seat: '001A',
      sequence: '0025',
      status: '1',
    });
    expect(text).toBe('M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100');
    expect(text).toHaveLength(60);
  });

  it('counts days of the year', () => {
    expect(julianDay('2026-01-01')).toBe('001');
    expect(julianDay('2024-12-31')).toBe('366');
  });
});
