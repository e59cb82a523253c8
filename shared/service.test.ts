import { describe, expect, it } from 'vitest';
import { FORMER_SERVICE_NAME, serviceNameOf } from './service';

describe('serviceNameOf', () => {
  const services = [
    { id: 1, name: 'Individual Therapy' },
    { id: 2, name: 'Couples Counselling' },
  ];

  it("names a service from the practice's list", () => {
    expect(serviceNameOf(services, 2)).toBe('Couples Counselling');
  });

  it('calls a service that has left the list what it is to a reader, not by its number', () => {
    expect(serviceNameOf(services, 9)).toBe('A service no longer offered');
    expect(FORMER_SERVICE_NAME).toBe('A service no longer offered');
  });
});
