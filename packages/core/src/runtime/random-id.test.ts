import { describe, expect, it } from 'vitest';
import { randomId } from './random-id';

describe('randomId', () => {
  it('should draw 39 decimal digits, different every time, every digit alike', () => {
    const ids = Array.from({ length: 2000 }, () => randomId());
    const digits = new Map<string, number>();
    for (const id of ids) {
      expect(id).toMatch(/^\d{39}$/);
      for (const digit of id) digits.set(digit, (digits.get(digit) ?? 0) + 1);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // 78,000 digits: each of the ten near 7,800 (far more than 5 σ ≈ 420 off would be a bias).
    expect(digits.size).toBe(10);
    for (const count of digits.values()) {
      expect(Math.abs(count - 7800)).toBeLessThan(500);
    }
  });
});
